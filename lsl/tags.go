package lsl

import (
	"strings"

	"github.com/checkfence/checkfence/diag"
)

// Tags annotate loads, stores and fences for cat memory models: each tag
// names a set of events of herd's models (package cat). The names follow
// the .cat files of the dat3m suites:
//
//	AArch64   A (acquire), Q (acquire-pc), L (release), X (exclusive),
//	          DMB.ISH DMB.ISHLD DMB.ISHST DMB.OSH… DMB.SY DMB.LD DMB.ST,
//	          DSB.… likewise, ISB
//	RISC-V    Acq, Rel, AcqRel, X (lr/sc, AMO), AMO, Fence.r.rw … Fence.tso, Fence.i
//	Power     sync, lwsync, isync, eieio
//	x86       mfence, lfence, sfence, A (locked)
//	C11       A (atomic), NA (plain), RLX CON ACQ REL ACQ_REL SC
//
// A tag is a dotted name: letters, digits, _ and -, separated by dots. The
// .mm models ignore tags; a fence with tags and no kind orders nothing on
// them.

// ValidTag reports whether s is a well-formed tag.
func ValidTag(s string) bool {
	if s == "" {
		return false
	}
	for _, part := range strings.Split(s, ".") {
		if part == "" || !isLetter(part[0]) {
			return false
		}
		for i := 0; i < len(part); i++ {
			c := part[i]
			if !isIdentCh(c) && !(c == '-' && i > 0 && i+1 < len(part) && isLetter(part[i+1])) {
				return false
			}
		}
	}
	return true
}

// FormatTags prints a tag list as in LSL text: "<A,X>", or "" for none.
func FormatTags(tags []string) string {
	if len(tags) == 0 {
		return ""
	}
	return "<" + strings.Join(tags, ",") + ">"
}

// HasTag reports whether tags contains t.
func HasTag(tags []string, t string) bool {
	for _, x := range tags {
		if x == t {
			return true
		}
	}
	return false
}

// Tags returns the tags of a load, store or fence (nil for other
// statements).
func Tags(s Stmt) []string {
	switch s := s.(type) {
	case *Load:
		return s.Tags
	case *Store:
		return s.Tags
	case *Fence:
		return s.Tags
	}
	return nil
}

// tags converts an annotation list, rejecting duplicates.
func (b *builder) tags(t *tagsAST) []string {
	if t == nil {
		return nil
	}
	var out []string
	for _, tag := range t.Tags {
		name := strings.Join(tag.Parts, ".")
		if HasTag(out, name) {
			b.errorf(tag.Pos, diag.CodeDuplicateDecl, "duplicate tag %s", name)
			continue
		}
		out = append(out, name)
	}
	return out
}

// tags checks an annotation list of the IR (built by a front end).
func (s *sanity) tags(tags []string, pos diag.Pos) {
	for i, t := range tags {
		if !ValidTag(t) {
			s.errorf(pos, diag.CodeInvalidName, "invalid tag %q", t)
		}
		if HasTag(tags[:i], t) {
			s.errorf(pos, diag.CodeDuplicateDecl, "duplicate tag %s", t)
		}
	}
}

// TagSpuriousWakeup marks the load a condition-variable wait makes when it
// returns without a signal (frontend/llvm, pthread_cond_wait): fair
// progress never counts a loop round that contains one as a round the
// thread repeats forever, since POSIX lets a wait wake spuriously but not
// for ever (docs/semantics.md, "Condition variables").
const TagSpuriousWakeup = "spurious-wakeup"

// IsSpuriousWakeup reports whether s is the load of a spurious wakeup.
func IsSpuriousWakeup(s Stmt) bool {
	l, ok := s.(*Load)
	return ok && HasTag(l.Tags, TagSpuriousWakeup)
}

// TagPart marks a load or store that continues the access of the previous
// load or store of its thread: the two move the cells of one mixed-size
// access (frontend/litmus splits a 64-bit store read back as two 32-bit
// halves into one store per cell). For cat models the cells of one access
// are one instance (herd's si), which program order does not order; the
// .mm models see separate accesses. The parts of an access follow each
// other with no other load, store or fence in between.
const TagPart = "part"

// IsPart reports whether s continues the access of the previous load or
// store of its thread (TagPart).
func IsPart(s Stmt) bool { return HasTag(Tags(s), TagPart) }
