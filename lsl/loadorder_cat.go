package lsl

import (
	"slices"
	"strconv"
	"strings"
)

// The load-order analysis on a cat model (docs/semantics.md, "Storing
// rounds behind fences", on cat models). A cat model has no fence kinds
// to clear pending loads with: what it orders is a relation over a
// thread's events, which depends on their kinds and tags and on the fences
// between them. EventOrder answers for pairs of event classes (the
// encoding's cat.PoOrder), and the analysis follows chains: an event
// ordered after a pending one passes the order on to what the model
// orders after it (the check's order is transitive), and a fence after
// such an event orders, after the pending one, what it orders after that
// event. The state is the set of events still pending — loads, for
// StoreAfterLoad and LoadAfterLoad as on .mm models, and stores, for
// StoreUnordered — each with the classes of events known ordered after it
// (ord) and the classes a fence passed since orders after it (via). An
// event ordered before every class that may follow is dropped.

// EventOrder is a cat model's order of one thread's events.
type EventOrder interface {
	// Class is the class of the model's event for s (a *Load, *Store or
	// *Fence; inside an atomic block when atomic); event is false when s
	// makes none (a fence the model does not see).
	Class(s Stmt, atomic bool) (class int, event bool)
	// Loads and Stores are the classes of loads and of stores (bit sets;
	// there are at most 64 classes).
	Loads() uint64
	Stores() uint64
	// Ordered reports whether the model orders an event of class a before
	// a later event of class b of its thread in every execution, with a
	// fence of class fence between them (-1: none assumed), and on one
	// location when sameLoc (else none assumed).
	Ordered(a, fence, b int, sameLoc bool) bool
}

// pendingEvent is an event not yet ordered before everything that
// follows: a load (store < 0) or the program's store number store.
type pendingEvent struct {
	store    int
	cls      int
	addr     string // its address key (addrKey), "*" when forgotten
	ord, via uint64
	// guard: the event is pending in this form only on paths where the
	// branch literal guard ("+" or "-" and a register key) held, the
	// register not assigned since; "" on every path
	guard string
}

// joinPending is the union of two pending sets (sorted entry numbers).
func joinPending(p, q string) string {
	if p == q || q == "" {
		return p
	}
	if p == "" {
		return q
	}
	ids := append(splitPending(p), splitPending(q)...)
	slices.Sort(ids)
	return joinIDs(slices.Compact(ids))
}

func splitPending(p string) []int {
	if p == "" {
		return nil
	}
	var out []int
	for _, f := range strings.Split(p, ",") {
		n, _ := strconv.Atoi(f)
		out = append(out, n)
	}
	return out
}

func joinIDs(ids []int) string {
	var b strings.Builder
	for i, id := range ids {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(id))
	}
	return b.String()
}

// pendingSet builds the state of entries es, dropping those ordered before
// everything.
func (a *loadOrderAnalysis) pendingSet(es []pendingEvent) string {
	var ids []int
	for _, e := range es {
		if a.closed(e) {
			continue
		}
		id, ok := a.entryID[e]
		if !ok {
			id = len(a.entries)
			a.entries = append(a.entries, e)
			a.entryID[e] = id
		}
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return joinIDs(slices.Compact(ids))
}

func (a *loadOrderAnalysis) pendingEntries(p string) []pendingEvent {
	var out []pendingEvent
	for _, id := range splitPending(p) {
		out = append(out, a.entries[id])
	}
	return out
}

// forgetPending makes the address keys that match accepts unknown.
func (a *loadOrderAnalysis) forgetPending(p string, match func(string) bool) string {
	es := a.pendingEntries(p)
	changed := false
	for i := range es {
		if es[i].addr != "*" && match(es[i].addr) {
			es[i].addr = "*"
			changed = true
		}
		if es[i].guard != "" && match(es[i].guard[1:]) {
			es[i].guard = ""
			changed = true
		}
	}
	if !changed {
		return p
	}
	return a.pendingSet(es)
}

// orderedBefore reports whether e is ordered before a later event of class
// cls with address key addr.
func (a *loadOrderAnalysis) orderedBefore(e pendingEvent, cls int, addr string) bool {
	if e.via&(1<<cls) != 0 {
		return true
	}
	if e.addr != "*" && e.addr == addr && a.order.Ordered(e.cls, -1, cls, true) {
		return true
	}
	for c := 0; c < 64; c++ {
		if e.ord&(1<<c) != 0 && a.order.Ordered(c, -1, cls, false) {
			return true
		}
	}
	return false
}

// closed reports whether e is ordered before every class that may follow
// and matters to it: loads and stores after a load, stores after a store.
func (a *loadOrderAnalysis) closed(e pendingEvent) bool {
	need := a.order.Stores()
	if e.store < 0 {
		need |= a.order.Loads()
	}
	for c := 0; c < 64; c++ {
		if need&(1<<c) != 0 && !a.orderedBefore(e, c, "") {
			return false
		}
	}
	return true
}

// giveUp: the analysis cannot tell what is ordered.
func (a *loadOrderAnalysis) giveUp() {
	a.res.StoreAfterLoad, a.res.AnyLoadAfterLoad = true, true
}

// catStmt runs the statements whose events the model orders: loads,
// stores, frees, pool allocations and fences (ok false for the others).
func (a *loadOrderAnalysis) catStmt(s Stmt, st orderState, atomic bool) (orderState, bool) {
	switch s := s.(type) {
	case *Load:
		cls, ev := a.order.Class(s, atomic)
		if !ev {
			a.giveUp()
			return a.assigned(st, s.Dst), true
		}
		// an initialized load is checked as a later load, but nothing
		// after it waits for it
		st.pend = a.access(st.pend, s.Addr, cls, false, true, !a.init.initialized[s], -1)
		return a.assigned(st, s.Dst), true
	case *Store:
		cls, ev := a.order.Class(s, atomic)
		if !ev {
			a.giveUp()
			return a.assigned(st, s.Status), true
		}
		num, ok := a.stores[s]
		if !ok {
			num = len(a.storeOf)
			a.stores[s] = num
			a.storeOf = append(a.storeOf, s)
		}
		// an initializing store cannot be read by another thread before
		// a later store of its thread: it need not be ordered
		st.pend = a.access(st.pend, s.Addr, cls, true, !a.init.initializing[s], true, num)
		return a.assigned(st, s.Status), true
	case *Free:
		for _, e := range a.pendingEntries(st.pend) {
			a.unordered(e)
		}
		return st, true
	case *Alloc:
		if s.Kind == AllocPool && !a.poolFresh {
			a.giveUp() // the pool's bookkeeping: accesses the analysis does not see
		}
		return a.assigned(st, s.Dst), true
	case *If:
		return a.catIf(s, st, atomic), true
	case *Assign:
		st = a.assigned(st, s.Dst)
		if l := a.derivedLit(st, s); l != "" {
			st.bools = setBool(st.bools, a.regKey(s.Dst), l)
		}
		return st, true
	case *Fence:
		if s.Cand > 0 {
			return st, true // runs only under some fence selections
		}
		cls, ev := a.order.Class(s, atomic)
		if !ev {
			return st, true
		}
		es := a.pendingEntries(st.pend)
		all := a.order.Loads() | a.order.Stores()
		for i := range es {
			for y := 0; y < 64; y++ {
				if all&(1<<y) == 0 || es[i].via&(1<<y) != 0 {
					continue
				}
				for c := 0; c < 64; c++ {
					if es[i].ord&(1<<c) != 0 && a.order.Ordered(c, cls, y, false) {
						es[i].via |= 1 << y
						break
					}
				}
			}
		}
		st.pend = a.pendingSet(es)
		return st, true
	}
	return st, false
}

// unordered records that a pending event may be followed, unordered, by a
// store that matters.
func (a *loadOrderAnalysis) unordered(e pendingEvent) {
	if e.store < 0 {
		a.res.StoreAfterLoad = true
	} else {
		a.res.StoreUnordered[a.storeOf[e.store]] = true
	}
}

// access runs a load or store of class cls at addr: each pending event it
// is ordered after passes the order on; an unordered one is recorded when
// the access matters (a store that is not initializing; any load); the
// access becomes pending itself when pend (store number num, -1 for a
// load).
func (a *loadOrderAnalysis) access(p string, addr Operand, cls int, store, matters, pend bool, num int) string {
	key := a.addrKey(addr)
	es := a.pendingEntries(p)
	for i, e := range es {
		if a.orderedBefore(e, cls, key) {
			es[i].ord |= 1 << cls
			continue
		}
		if !matters {
			continue
		}
		switch {
		case store:
			a.unordered(e)
		case e.store < 0:
			if k, ok := addr.(Const); ok && k.V.Kind == KPtr && len(k.V.Ptr) > 0 {
				a.res.LoadAfterLoad[k.V.Ptr[0]] = true
			} else {
				a.res.AnyLoadAfterLoad = true
			}
		}
	}
	if pend {
		es = append(es, pendingEvent{store: num, cls: cls, addr: key, ord: 1 << cls})
	}
	return a.pendingSet(es)
}

// Branch literals. A compare-and-swap's store runs only when it succeeds,
// and the retry loop is left on the same condition: "atomic { … if ok {
// store } } … if ok { break }". Joined without the condition, the failed
// path (no store) would leave the loop as well, and what the store orders
// would be lost after it. So at an if on a register, the pending events
// that differ between the branches are guarded by the branch's literal,
// and a later if on the same truth (the register, a copy, "and 1", "xor
// 1", not assigned since) drops on each side the events of the other.

// regKey names register r of the current procedure (addrKey's form).
func (a *loadOrderAnalysis) regKey(r Reg) string { return a.proc + "\x00" + string(r) }

// negLit is the opposite literal.
func negLit(l string) string {
	if l[0] == '+' {
		return "-" + l[1:]
	}
	return "+" + l[1:]
}

// condLit is the literal "o holds a true value", "" when unknown.
func (a *loadOrderAnalysis) condLit(st orderState, o Operand) string {
	r, ok := o.(Reg)
	if !ok {
		return ""
	}
	k := a.regKey(r)
	if l := getBool(st.bools, k); l != "" {
		return l
	}
	return "+" + k
}

// derivedLit is the literal s's destination holds when s copies a
// condition, or takes its "and 1" or "xor 1".
func (a *loadOrderAnalysis) derivedLit(st orderState, s *Assign) string {
	one := func(o Operand) bool {
		k, ok := o.(Const)
		return ok && k.V.Kind == KNum && k.V.Num == 1
	}
	switch {
	case s.Op == OpCopy && len(s.Args) == 1:
		return a.condLit(st, s.Args[0])
	case s.Op == OpAnd && len(s.Args) == 2 && one(s.Args[1]):
		return a.condLit(st, s.Args[0])
	case s.Op == OpAnd && len(s.Args) == 2 && one(s.Args[0]):
		return a.condLit(st, s.Args[1])
	case s.Op == OpXor && len(s.Args) == 2 && one(s.Args[1]):
		if l := a.condLit(st, s.Args[0]); l != "" {
			return negLit(l)
		}
	}
	return ""
}

// assume is st on a branch where literal l holds: the events pending only
// where it does not are dropped, those pending only where it does are
// pending.
func (a *loadOrderAnalysis) assume(st orderState, l string) orderState {
	if l == "" || st.pend == "" {
		return st
	}
	var es []pendingEvent
	for _, e := range a.pendingEntries(st.pend) {
		switch e.guard {
		case negLit(l):
			continue
		case l:
			e.guard = ""
		}
		es = append(es, e)
	}
	st.pend = a.pendingSet(es)
	return st
}

// catIf runs an if on a cat model, guarding what differs between its
// branches by their literals.
func (a *loadOrderAnalysis) catIf(s *If, st orderState, atomic bool) orderState {
	l := a.condLit(st, s.Cond)
	then := a.block(s.Then, a.assume(st, l), atomic)
	els := st
	if l != "" {
		els = a.assume(st, negLit(l))
	}
	if s.Else != nil {
		els = a.block(s.Else, els, atomic)
	}
	out := then.join(els)
	if l == "" || !then.reach || !els.reach || a.assignsLit(s, l) {
		return out
	}
	// guard the events pending on one side only
	inThen, inEls := map[pendingEvent]bool{}, map[pendingEvent]bool{}
	for _, e := range a.pendingEntries(then.pend) {
		inThen[e] = true
	}
	for _, e := range a.pendingEntries(els.pend) {
		inEls[e] = true
	}
	var es []pendingEvent
	for e := range inThen {
		if !inEls[e] && (e.guard == "" || e.guard == l) {
			e.guard = l
		}
		es = append(es, e)
	}
	for e := range inEls {
		if !inThen[e] && (e.guard == "" || e.guard == negLit(l)) {
			e.guard = negLit(l)
		}
		es = append(es, e)
	}
	out.pend = a.pendingSet(es)
	return out
}

// assignsLit reports whether a branch of s may assign the register of
// literal l: the literal then says nothing about the branch taken.
func (a *loadOrderAnalysis) assignsLit(s *If, l string) bool {
	_, reg, _ := strings.Cut(l[1:], "\x00")
	r := Reg(reg)
	found := false
	visit := func(t Stmt) bool {
		switch t := t.(type) {
		case *Assign:
			found = found || t.Dst == r
		case *Load:
			found = found || t.Dst == r
		case *Store:
			found = found || t.Status == r
		case *Alloc:
			found = found || t.Dst == r
		case *Choose:
			found = found || t.Dst == r
		case *Call:
			found = found || slices.Contains(t.Results, r)
		}
		return !found
	}
	Walk(s.Then, visit)
	if s.Else != nil {
		Walk(s.Else, visit)
	}
	return found
}

// The registers known to hold a condition's truth: "key=literal" lines,
// sorted.

func getBool(bools, key string) string {
	for _, line := range strings.Split(bools, "\n") {
		if k, l, ok := strings.Cut(line, "="); ok && k == key {
			return l
		}
	}
	return ""
}

func setBool(bools, key, l string) string {
	var lines []string
	for _, line := range strings.Split(bools, "\n") {
		if k, _, ok := strings.Cut(line, "="); ok && k != key {
			lines = append(lines, line)
		}
	}
	lines = append(lines, key+"="+l)
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}

// joinBools keeps what both paths know.
func joinBools(p, q string) string {
	if p == q {
		return p
	}
	var lines []string
	for _, line := range strings.Split(p, "\n") {
		if line != "" && slices.Contains(strings.Split(q, "\n"), line) {
			lines = append(lines, line)
		}
	}
	return strings.Join(lines, "\n")
}

// forgetBools drops what a register that match accepts held or named.
func forgetBools(bools string, match func(string) bool) string {
	if bools == "" {
		return ""
	}
	var lines []string
	for _, line := range strings.Split(bools, "\n") {
		k, l, _ := strings.Cut(line, "=")
		if !match(k) && !match(l[1:]) {
			lines = append(lines, line)
		}
	}
	return strings.Join(lines, "\n")
}
