package lsl

import "strings"

// C11 atomics in LSL. The front ends that read C11 atomics (clang's LLVM
// IR, C litmus tests) give an atomic access the tag A and its memory
// order, one of C11Orders; a plain access of such a program may carry NA,
// and the initial writes of non-atomic globals NAL. The .mm models see the
// fences of the front end's mapping around each atomic access instead:
// those carry TagMMOnly, which no cat model mentions, and a role tag
// (C11Role) that names the access they stand beside. A cat model that
// knows C11 (rc11) reads the orders; a built-in hardware model compiles
// them to its own instructions (cat.C11Mapping), using the role tags to
// place the fences its mapping needs.

// TagMMOnly marks the fences that only the .mm models see.
const TagMMOnly = "mm-only"

// C11Orders are the tags of the C11 memory orders.
var C11Orders = []string{"RLX", "CON", "ACQ", "REL", "ACQ_REL", "SC"}

// C11Order returns the memory order among tags ("" for none).
func C11Order(tags []string) string {
	for _, t := range tags {
		for _, o := range C11Orders {
			if t == o {
				return o
			}
		}
	}
	return ""
}

// IsC11Tag reports whether t belongs to the C11 vocabulary: an order, A,
// NA, NAL, mm-only or a role tag.
func IsC11Tag(t string) bool {
	switch t {
	case "A", "NA", "NAL", TagMMOnly:
		return true
	}
	if _, ok := ParseC11Role(t); ok {
		return true
	}
	return C11Order([]string{t}) != ""
}

// C11Role says which atomic access an mm-only fence stands beside: before
// or after it, the access's kind (R a load, W a store, RMW a
// read-modify-write, whose atomic block the fence precedes or follows)
// and its memory order (for the fences after a compare-and-swap that
// failed, the failure order).
type C11Role struct {
	After bool
	Kind  string // "R", "W" or "RMW"
	Order string // one of C11Orders
}

const c11RolePrefix = "c11-"

// Tag is the role as a tag: c11-before-R-SC, c11-after-RMW-ACQ_REL, ….
func (r C11Role) Tag() string {
	when := "before"
	if r.After {
		when = "after"
	}
	return c11RolePrefix + when + "-" + r.Kind + "-" + r.Order
}

// ParseC11Role reads a role tag.
func ParseC11Role(t string) (C11Role, bool) {
	rest, ok := strings.CutPrefix(t, c11RolePrefix)
	if !ok {
		return C11Role{}, false
	}
	parts := strings.SplitN(rest, "-", 3)
	if len(parts) != 3 || parts[0] != "before" && parts[0] != "after" {
		return C11Role{}, false
	}
	if parts[1] != "R" && parts[1] != "W" && parts[1] != "RMW" || C11Order(parts[2:]) != parts[2] {
		return C11Role{}, false
	}
	return C11Role{After: parts[0] == "after", Kind: parts[1], Order: parts[2]}, true
}

// C11RoleOf returns the role tag among tags.
func C11RoleOf(tags []string) (C11Role, bool) {
	for _, t := range tags {
		if r, ok := ParseC11Role(t); ok {
			return r, true
		}
	}
	return C11Role{}, false
}
