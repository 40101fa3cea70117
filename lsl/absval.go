package lsl

import (
	"math/bits"
	"sort"
	"strconv"
	"strings"
)

// AbsVal is the range analysis' approximation of the values a register,
// memory cell or access may hold: a union of ⊥, explicit sets of numbers and
// pointers (or "any" once a set grows past a cap), and composites with an
// AbsVal per field. Each explicit element carries the number of value-creating
// operations it was derived through, which bounds the fixpoint (§7.3.2).
type AbsVal struct {
	Undef  bool
	Nums   map[int64]int // value → derivation depth
	NumTop bool
	// NumTopBounded: every number of NumTop lies in [NumTopLo, NumTopHi]
	// (a choice over a wide range, a sign extension: their values are too
	// many to list, but their width is known; NumRange returns it).
	NumTopBounded      bool
	NumTopLo, NumTopHi int64
	Ptrs               map[string]absPtr
	PtrTop             bool
	// PtrTopLen and PtrTopComp bound the pointers summarized by PtrTop.
	PtrTopLen   int
	PtrTopComps [2]int64
	Comps       map[string][]*AbsVal // composite tag → field approximations
}

type absPtr struct {
	p     []int64
	depth int
}

const (
	absNumCap = 256
	absPtrCap = 512
)

func ptrKey(p []int64) string {
	var b strings.Builder
	for i, n := range p {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.FormatInt(n, 10))
	}
	return b.String()
}

// IsEmpty reports whether no value is possible.
func (a *AbsVal) IsEmpty() bool {
	return a == nil || (!a.Undef && len(a.Nums) == 0 && !a.NumTop && len(a.Ptrs) == 0 && !a.PtrTop && len(a.Comps) == 0)
}

// MayBe reports whether a value of kind k is possible.
func (a *AbsVal) MayBe(k Kind) bool {
	if a == nil {
		return false
	}
	switch k {
	case KUndef:
		return a.Undef
	case KNum:
		return a.NumTop || len(a.Nums) > 0
	case KPtr:
		return a.PtrTop || len(a.Ptrs) > 0
	case KComp:
		return len(a.Comps) > 0
	}
	return false
}

// NumRange returns the smallest and largest possible number (bounds of
// them, for a bounded NumTop); ok is false if the numbers are unbounded
// (NumTop) or there are none.
func (a *AbsVal) NumRange() (lo, hi int64, ok bool) {
	if a != nil && a.NumTop && a.NumTopBounded {
		return a.NumTopLo, a.NumTopHi, true
	}
	if a == nil || a.NumTop || len(a.Nums) == 0 {
		return 0, 0, false
	}
	first := true
	for v := range a.Nums {
		if first || v < lo {
			lo = v
		}
		if first || v > hi {
			hi = v
		}
		first = false
	}
	return lo, hi, true
}

// Pointers returns the explicit pointers (sorted), and whether the set is
// complete (false when PtrTop).
func (a *AbsVal) Pointers() ([][]int64, bool) {
	if a == nil {
		return nil, true
	}
	keys := make([]string, 0, len(a.Ptrs))
	for k := range a.Ptrs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([][]int64, len(keys))
	for i, k := range keys {
		out[i] = a.Ptrs[k].p
	}
	return out, !a.PtrTop
}

// PtrLens returns the possible pointer lengths (for PtrTop: 1..PtrTopLen).
func (a *AbsVal) PtrLens() []int {
	seen := map[int]bool{}
	if a != nil {
		for _, p := range a.Ptrs {
			seen[len(p.p)] = true
		}
		if a.PtrTop {
			for l := 1; l <= a.PtrTopLen; l++ {
				seen[l] = true
			}
		}
	}
	var out []int
	for l := range seen {
		out = append(out, l)
	}
	sort.Ints(out)
	return out
}

func (a *AbsVal) addUndef() bool {
	if a.Undef {
		return false
	}
	a.Undef = true
	return true
}

func (a *AbsVal) addNum(v int64, depth int) bool {
	if a.NumTop {
		return a.NumTopBounded && a.widenNumTop(v, v)
	}
	if a.Nums == nil {
		a.Nums = map[int64]int{}
	}
	if d, ok := a.Nums[v]; ok {
		if depth < d {
			a.Nums[v] = depth
			return true
		}
		return false
	}
	if len(a.Nums) >= absNumCap {
		a.NumTop = true
		a.Nums = nil
		return true
	}
	a.Nums[v] = depth
	return true
}

func (a *AbsVal) setNumTop() bool {
	if a.NumTop && !a.NumTopBounded {
		return false
	}
	a.NumTop = true
	a.NumTopBounded = false
	a.Nums = nil
	return true
}

// setNumTopRange adds every number of [lo, hi]: a bounded NumTop, unless
// the numbers are unbounded already.
func (a *AbsVal) setNumTopRange(lo, hi int64) bool {
	if a.NumTop {
		return a.NumTopBounded && a.widenNumTop(lo, hi)
	}
	for v := range a.Nums {
		lo, hi = min(lo, v), max(hi, v)
	}
	a.NumTop, a.NumTopBounded, a.NumTopLo, a.NumTopHi = true, true, lo, hi
	a.Nums = nil
	return true
}

// widenNumTop widens a bounded NumTop to include [lo, hi]. A bound that
// moves goes out to the next power of two (0 or ±2^k), and past 2^61 the
// numbers are unbounded: a value that grows through memory (x = x + 1 in
// a loop of the flow-insensitive fixpoint) reaches the fixpoint in at
// most about 64 widenings, not one per number.
func (a *AbsVal) widenNumTop(lo, hi int64) bool {
	if lo >= a.NumTopLo && hi <= a.NumTopHi {
		return false
	}
	if lo < a.NumTopLo {
		r, ok := roundDown(lo)
		if !ok {
			return a.setNumTop()
		}
		a.NumTopLo = r
	}
	if hi > a.NumTopHi {
		r, ok := roundUp(hi)
		if !ok {
			return a.setNumTop()
		}
		a.NumTopHi = r
	}
	return true
}

// roundDown is the largest of 0 and -2^k (k < 62) not above lo.
func roundDown(lo int64) (int64, bool) {
	if lo >= 0 {
		return 0, true
	}
	k := bits.Len64(uint64(-(lo + 1)))
	if k >= 62 {
		return 0, false
	}
	return -1 << k, true
}

// roundUp is the smallest of 0 and 2^k - 1 (k < 62) not below hi.
func roundUp(hi int64) (int64, bool) {
	if hi <= 0 {
		return 0, true
	}
	k := bits.Len64(uint64(hi))
	if k >= 62 {
		return 0, false
	}
	return 1<<k - 1, true
}

func (a *AbsVal) addPtr(p []int64, depth int) bool {
	if a.PtrTop {
		return a.widenTop(p)
	}
	if a.Ptrs == nil {
		a.Ptrs = map[string]absPtr{}
	}
	k := ptrKey(p)
	if e, ok := a.Ptrs[k]; ok {
		if depth < e.depth {
			a.Ptrs[k] = absPtr{e.p, depth}
			return true
		}
		return false
	}
	if len(a.Ptrs) >= absPtrCap {
		old := a.Ptrs
		a.Ptrs = nil
		a.PtrTop = true
		a.PtrTopComps = [2]int64{p[0], p[0]}
		for _, e := range old {
			a.widenTop(e.p)
		}
		a.widenTop(p)
		return true
	}
	a.Ptrs[k] = absPtr{append([]int64(nil), p...), depth}
	return true
}

// widenTop grows the bounds of the PtrTop summary to cover p.
func (a *AbsVal) widenTop(p []int64) bool {
	ch := false
	if len(p) > a.PtrTopLen {
		a.PtrTopLen = len(p)
		ch = true
	}
	for _, n := range p {
		if n < a.PtrTopComps[0] {
			a.PtrTopComps[0] = n
			ch = true
		}
		if n > a.PtrTopComps[1] {
			a.PtrTopComps[1] = n
			ch = true
		}
	}
	return ch
}

func (a *AbsVal) setPtrTop(maxLen int, lo, hi int64) bool {
	ch := false
	if !a.PtrTop {
		old := a.Ptrs
		a.Ptrs = nil
		a.PtrTop = true
		a.PtrTopComps = [2]int64{lo, hi}
		a.PtrTopLen = maxLen
		for _, e := range old {
			a.widenTop(e.p)
		}
		return true
	}
	if maxLen > a.PtrTopLen {
		a.PtrTopLen = maxLen
		ch = true
	}
	if lo < a.PtrTopComps[0] {
		a.PtrTopComps[0] = lo
		ch = true
	}
	if hi > a.PtrTopComps[1] {
		a.PtrTopComps[1] = hi
		ch = true
	}
	return ch
}

// Join adds every value of b to a and reports whether a changed.
func (a *AbsVal) Join(b *AbsVal) bool {
	if b == nil {
		return false
	}
	ch := false
	if b.Undef {
		ch = a.addUndef() || ch
	}
	if b.NumTop && b.NumTopBounded {
		ch = a.setNumTopRange(b.NumTopLo, b.NumTopHi) || ch
	} else if b.NumTop {
		ch = a.setNumTop() || ch
	}
	for v, d := range b.Nums {
		ch = a.addNum(v, d) || ch
	}
	if b.PtrTop {
		ch = a.setPtrTop(b.PtrTopLen, b.PtrTopComps[0], b.PtrTopComps[1]) || ch
	}
	for _, p := range b.Ptrs {
		ch = a.addPtr(p.p, p.depth) || ch
	}
	for tag, fs := range b.Comps {
		if a.Comps == nil {
			a.Comps = map[string][]*AbsVal{}
		}
		mine, ok := a.Comps[tag]
		if !ok {
			mine = make([]*AbsVal, len(fs))
			for i := range mine {
				mine[i] = &AbsVal{}
			}
			a.Comps[tag] = mine
			ch = true
		}
		for i, f := range fs {
			if i < len(mine) {
				ch = mine[i].Join(f) || ch
			}
		}
	}
	return ch
}

// addValue adds a concrete value.
func (a *AbsVal) addValue(v Value, depth int) bool {
	switch v.Kind {
	case KUndef:
		return a.addUndef()
	case KNum:
		return a.addNum(v.Num, depth)
	case KPtr:
		return a.addPtr(v.Ptr, depth)
	case KComp:
		if a.Comps == nil {
			a.Comps = map[string][]*AbsVal{}
		}
		fs, ok := a.Comps[v.Comp]
		ch := false
		if !ok {
			fs = make([]*AbsVal, len(v.Fields))
			for i := range fs {
				fs[i] = &AbsVal{}
			}
			a.Comps[v.Comp] = fs
			ch = true
		}
		for i, f := range v.Fields {
			if i < len(fs) {
				ch = fs[i].addValue(f, depth) || ch
			}
		}
		return ch
	}
	return false
}

// ConstAbs returns the approximation of a single value.
func ConstAbs(v Value) *AbsVal {
	a := &AbsVal{}
	a.addValue(v, 0)
	return a
}

// elem is one explicit non-composite value of an AbsVal, for enumeration.
type elem struct {
	v     Value
	depth int
}

// scalars enumerates the explicit non-composite values (not the tops).
func (a *AbsVal) scalars() []elem {
	var out []elem
	if a.Undef {
		out = append(out, elem{Undef, 0})
	}
	for v, d := range a.Nums {
		out = append(out, elem{Num(v), d})
	}
	for _, p := range a.Ptrs {
		out = append(out, elem{Value{Kind: KPtr, Ptr: p.p}, p.depth})
	}
	return out
}

// String summarizes a for debugging and the "checkfence lsl --ranges" view.
func (a *AbsVal) String() string {
	if a == nil {
		return "{}"
	}
	var parts []string
	if a.Undef {
		parts = append(parts, "undef")
	}
	if a.NumTop && a.NumTopBounded {
		parts = append(parts, "num:"+strconv.FormatInt(a.NumTopLo, 10)+"..."+strconv.FormatInt(a.NumTopHi, 10))
	} else if a.NumTop {
		parts = append(parts, "num:*")
	} else if len(a.Nums) > 0 {
		lo, hi, _ := a.NumRange()
		if int64(len(a.Nums)) == hi-lo+1 && len(a.Nums) > 2 {
			parts = append(parts, strconv.FormatInt(lo, 10)+".."+strconv.FormatInt(hi, 10))
		} else {
			var ns []int64
			for v := range a.Nums {
				ns = append(ns, v)
			}
			sort.Slice(ns, func(i, j int) bool { return ns[i] < ns[j] })
			for _, n := range ns {
				parts = append(parts, strconv.FormatInt(n, 10))
			}
		}
	}
	if a.PtrTop {
		parts = append(parts, "ptr:*")
	} else {
		ps, _ := a.Pointers()
		for _, p := range ps {
			parts = append(parts, "["+ptrKey(p)+"]")
		}
	}
	var tags []string
	for t := range a.Comps {
		tags = append(tags, t)
	}
	sort.Strings(tags)
	for _, t := range tags {
		var fs []string
		for _, f := range a.Comps[t] {
			fs = append(fs, f.String())
		}
		parts = append(parts, t+"("+strings.Join(fs, ", ")+")")
	}
	return "{" + strings.Join(parts, " ") + "}"
}
