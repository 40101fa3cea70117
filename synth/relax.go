package synth

import (
	"context"
	"fmt"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
)

// Relaxation is an atomic access whose order can be weakened: the
// Candidate's From is its order, Order the weaker one under which every
// test still passes (with the relaxations before it applied).
type Relaxation struct {
	*lsl.Candidate
}

// RelaxModelOK reports whether Relax can rewrite orders on the model. It
// rewrites an access's order tags (what rc11 reads, what arm8 compiles to
// LDAR/STLR) and the fences the front end put beside the access for its
// order (the mm-only fences with the order's role, which the .mm models
// see and the riscv and power mappings place their barriers by), as
// frontend/llvm would emit them for the weaker order: every model sees
// the program compiled with the weaker order. Kept for the callers; every
// model is accepted.
func RelaxModelOK(opt mining.Options) error {
	if opt.Model == nil {
		return fmt.Errorf("--relax: no memory model")
	}
	return nil
}

// Relax proposes weaker orders for the C11 atomic accesses of prog, in
// source order, greedily: each access gets the weakest order (relaxed
// first, then acquire or release, then acq_rel) under which every test
// passes with the accesses before it relaxed as proposed. The result is
// minimal in the sense that no single access of it can be weakened
// further on its own. Each proposal is checked on the rewritten program
// (mining.Check); filter keeps the accesses whose order --diff can edit.
func Relax(ctx context.Context, prog *lsl.Program, tests []*lsl.Test, opt mining.Options, filter lsl.OrderFilter, progress func(string)) ([]Relaxation, error) {
	if err := RelaxModelOK(opt); err != nil {
		return nil, err
	}
	sites := atomicSites(prog)
	orders := map[lsl.Stmt]string{}
	var out []Relaxation
	for _, st := range sites {
		if filter != nil && !filter(st.point) {
			continue
		}
		for _, w := range weaker(st.kind, st.order) {
			orders[st.stmt] = w
			ok, err := allPass(ctx, withOrders(prog, orders), tests, opt)
			if err != nil {
				return nil, err
			}
			if progress != nil {
				progress(fmt.Sprintf("%s:%d %s %s -> %s: %s", st.point.File, st.point.Line, accessWord(st.kind), lsl.C11OrderName(st.order), lsl.C11OrderName(w), map[bool]string{true: "every test passes", false: "a test fails"}[ok]))
			}
			if ok {
				out = append(out, Relaxation{&lsl.Candidate{Point: st.point, Order: w, From: st.order, Access: st.kind}})
				break
			}
			delete(orders, st.stmt)
		}
	}
	return out, nil
}

func accessWord(kind string) string {
	return map[string]string{"R": "load", "W": "store", "RMW": "read-modify-write"}[kind]
}

// weaker lists the orders weaker than ord an access of kind may have,
// weakest first.
func weaker(kind, ord string) []string {
	var out []string
	for _, w := range []string{"RLX", "ACQ", "REL", "ACQ_REL"} {
		if kind == "R" && (w == "REL" || w == "ACQ_REL") || kind == "W" && (w == "ACQ" || w == "ACQ_REL") {
			continue
		}
		if w != ord && orderWeaker(w, ord) {
			out = append(out, w)
		}
	}
	return out
}

func orderWeaker(w, ord string) bool {
	rank := map[string]int{"RLX": 0, "CON": 1, "ACQ": 1, "REL": 1, "ACQ_REL": 2, "SC": 3}
	if rank[w] >= rank[ord] {
		return false
	}
	return !(rank[w] == 1 && rank[ord] == 1)
}

func allPass(ctx context.Context, prog *lsl.Program, tests []*lsl.Test, opt mining.Options) (bool, error) {
	for _, t := range tests {
		r, err := mining.Check(ctx, prog, t, opt)
		if err != nil {
			return false, err
		}
		if r.Verdict != mining.Pass {
			return false, nil
		}
	}
	return true, nil
}

type site struct {
	stmt        lsl.Stmt // a Load, Store or Atomic
	kind, order string
	point       *lsl.FencePoint
}

// atomicSites lists the C11 atomic accesses whose order is not relaxed,
// in program order, one per statement.
func atomicSites(p *lsl.Program) []site {
	var out []site
	for _, proc := range p.Procs {
		lsl.Walk(proc.Body, func(s lsl.Stmt) bool {
			kind := ""
			var at lsl.Stmt = s
			switch s.(type) {
			case *lsl.Load:
				kind = "R"
			case *lsl.Store:
				kind = "W"
			case *lsl.Atomic:
				kind = "RMW"
				lsl.Walk(s, func(t lsl.Stmt) bool {
					if _, ok := t.(*lsl.Load); ok && at == s {
						at = t
					}
					return true
				})
			default:
				return true
			}
			tags := lsl.Tags(at)
			ord := lsl.C11Order(tags)
			if !lsl.HasTag(tags, "A") || ord == "" || ord == "RLX" {
				return kind != "RMW"
			}
			pos := at.Position()
			out = append(out, site{stmt: s, kind: kind, order: ord, point: &lsl.FencePoint{Proc: proc.Name, File: pos.File, Line: pos.Line, Side: lsl.OrderSide, Pos: pos}})
			return kind != "RMW"
		})
	}
	return out
}

// withOrders copies p with the order tags of the given statements (for
// an atomic block, of its atomic accesses) replaced.
func withOrders(p *lsl.Program, orders map[lsl.Stmt]string) *lsl.Program {
	q := *p
	q.Procs = nil
	for _, proc := range p.Procs {
		c := *proc
		c.Body = orderBlock(proc.Body, orders, "")
		q.Procs = append(q.Procs, &c)
	}
	return &q
}

func orderBlock(b *lsl.Block, orders map[lsl.Stmt]string, inherit string) *lsl.Block {
	if b == nil {
		return nil
	}
	out := *b
	out.Stmts = nil
	for i := 0; i < len(b.Stmts); i++ {
		s := b.Stmts[i]
		kind, from, ok := accessOrder(s)
		to := orders[s]
		if !ok || to == "" || inherit != "" {
			out.Stmts = append(out.Stmts, orderStmt(s, orders, inherit))
			continue
		}
		// the fences of the old order before the access
		for n := len(out.Stmts); n > 0 && isRoleFence(out.Stmts[n-1], lsl.C11Role{Kind: kind, Order: from}); n-- {
			out.Stmts = out.Stmts[:n-1]
		}
		out.Stmts = append(out.Stmts, roleFences(lsl.C11FencesBefore(to), lsl.C11Role{Kind: kind, Order: to}, s.Position())...)
		out.Stmts = append(out.Stmts, orderStmt(s, orders, inherit))
		// and after it: plain fences, or a compare-and-swap's If on
		// success with the failure order's fences in its else branch
		fail := ""
		for i+1 < len(b.Stmts) {
			next := b.Stmts[i+1]
			if isRoleFence(next, lsl.C11Role{After: true, Kind: kind, Order: from}) {
				i++
				continue
			}
			if f, ok := casFenceIf(next, from); ok && kind == "RMW" {
				fail = f
				i++
				continue
			}
			break
		}
		out.Stmts = append(out.Stmts, fencesAfter(s, kind, from, to, fail)...)
	}
	return &out
}

// accessOrder reports a C11 atomic access (a load, a store, or the atomic
// block of a read-modify-write) with its kind and order.
func accessOrder(s lsl.Stmt) (kind, order string, ok bool) {
	var at lsl.Stmt
	switch s.(type) {
	case *lsl.Load:
		kind, at = "R", s
	case *lsl.Store:
		kind, at = "W", s
	case *lsl.Atomic:
		kind = "RMW"
		lsl.Walk(s, func(t lsl.Stmt) bool {
			if _, ok := t.(*lsl.Load); ok && at == nil {
				at = t
			}
			return true
		})
	}
	if at == nil || !lsl.HasTag(lsl.Tags(at), "A") {
		return "", "", false
	}
	order = lsl.C11Order(lsl.Tags(at))
	return kind, order, order != ""
}

// isRoleFence reports an mm-only fence the front end put beside an access
// with role r.
func isRoleFence(s lsl.Stmt, r lsl.C11Role) bool {
	f, ok := s.(*lsl.Fence)
	if !ok || !lsl.HasTag(f.Tags, lsl.TagMMOnly) || f.Cand != 0 {
		return false
	}
	got, ok := lsl.C11RoleOf(f.Tags)
	return ok && got == r
}

// casFenceIf recognizes the If after a compare-and-swap of success order
// from whose branches hold only the fences after it (frontend/llvm's
// cmpxchg): the success order's in Then, the failure order's in Else. It
// returns the failure order.
func casFenceIf(s lsl.Stmt, from string) (fail string, ok bool) {
	in, isIf := s.(*lsl.If)
	if !isIf {
		return "", false
	}
	for _, st := range blockStmts(in.Then) {
		if !isRoleFence(st, lsl.C11Role{After: true, Kind: "RMW", Order: from}) {
			return "", false
		}
	}
	fail = "RLX"
	for _, st := range blockStmts(in.Else) {
		f, isFence := st.(*lsl.Fence)
		if !isFence {
			return "", false
		}
		r, isRole := lsl.C11RoleOf(f.Tags)
		if !isRole || !r.After || r.Kind != "RMW" || !lsl.HasTag(f.Tags, lsl.TagMMOnly) {
			return "", false
		}
		fail = r.Order
	}
	return fail, true
}

func blockStmts(b *lsl.Block) []lsl.Stmt {
	if b == nil {
		return nil
	}
	return b.Stmts
}

func roleFences(kinds []lsl.FenceKind, r lsl.C11Role, pos diag.Pos) []lsl.Stmt {
	var out []lsl.Stmt
	for _, k := range kinds {
		out = append(out, &lsl.Fence{Kind: k, Tags: []string{lsl.TagMMOnly, r.Tag()}, Pos: pos})
	}
	return out
}

// loadFencesAfter are the fences after an atomic load of order o: those
// of the order, or the aliased-loads fence of a relaxed one (C11's
// read-read coherence on the relaxed model; frontend/llvm/atomics.go).
func loadFencesAfter(o string) []lsl.FenceKind {
	if ks := lsl.C11FencesAfter(o); ks != nil {
		return ks
	}
	return []lsl.FenceKind{lsl.FenceAliasedLoads}
}

// fencesAfter are the fences after access s of kind with its order
// weakened from from to to, as frontend/llvm emits them. A compare-and-
// swap (fail != "": its failure order, "" when its fences after did not
// depend on success) keeps its failure order unless that is now stronger
// than C11 allows for the success order.
func fencesAfter(s lsl.Stmt, kind, from, to, fail string) []lsl.Stmt {
	pos := s.Position()
	switch kind {
	case "R":
		return roleFences(loadFencesAfter(to), lsl.C11Role{After: true, Kind: kind, Order: to}, pos)
	case "W":
		return roleFences(lsl.C11FencesAfter(to), lsl.C11Role{After: true, Kind: kind, Order: to}, pos)
	}
	cond := casCond(s)
	if cond == nil {
		return roleFences(lsl.C11FencesAfter(to), lsl.C11Role{After: true, Kind: kind, Order: to}, pos)
	}
	if fail == "" {
		fail = failureOrder(from)
	}
	if orderRank[fail] > orderRank[failureOrder(to)] {
		fail = failureOrder(to)
	}
	succ, failKinds := lsl.C11FencesAfter(to), loadFencesAfter(fail)
	if sameKinds(succ, failKinds) {
		return roleFences(succ, lsl.C11Role{After: true, Kind: kind, Order: to}, pos)
	}
	in := &lsl.If{Cond: cond, Pos: pos,
		Then: &lsl.Block{Stmts: roleFences(succ, lsl.C11Role{After: true, Kind: kind, Order: to}, pos)},
		Else: &lsl.Block{Stmts: roleFences(failKinds, lsl.C11Role{After: true, Kind: kind, Order: fail}, pos)}}
	return []lsl.Stmt{in}
}

// failureOrder is the strongest failure order C11 allows a
// compare-and-swap of success order o.
func failureOrder(o string) string {
	return map[string]string{"RLX": "RLX", "ACQ": "ACQ", "REL": "RLX", "ACQ_REL": "ACQ", "SC": "SC", "CON": "CON"}[o]
}

// casCond is the success flag of a compare-and-swap's atomic block (the
// condition of its conditional store), nil for another atomic block.
func casCond(s lsl.Stmt) lsl.Operand {
	a, ok := s.(*lsl.Atomic)
	if !ok {
		return nil
	}
	for _, st := range blockStmts(a.Body) {
		if in, ok := st.(*lsl.If); ok {
			return in.Cond
		}
	}
	return nil
}

func sameKinds(a, b []lsl.FenceKind) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func orderStmt(s lsl.Stmt, orders map[lsl.Stmt]string, inherit string) lsl.Stmt {
	ord := orders[s]
	if ord == "" {
		ord = inherit
	}
	switch s := s.(type) {
	case *lsl.Load:
		if ord != "" && lsl.HasTag(s.Tags, "A") {
			c := *s
			c.Tags = replaceOrder(s.Tags, ord)
			return &c
		}
	case *lsl.Store:
		if ord != "" && lsl.HasTag(s.Tags, "A") {
			c := *s
			c.Tags = replaceOrder(s.Tags, ord)
			return &c
		}
	case *lsl.Atomic:
		c := *s
		c.Body = orderBlock(s.Body, orders, ord)
		return &c
	case *lsl.Block:
		return orderBlock(s, orders, inherit)
	case *lsl.If:
		c := *s
		c.Then = orderBlock(s.Then, orders, inherit)
		c.Else = orderBlock(s.Else, orders, inherit)
		return &c
	case *lsl.Spin:
		c := *s
		c.Body = orderBlock(s.Body, orders, inherit)
		return &c
	}
	return s
}

func replaceOrder(tags []string, ord string) []string {
	var out []string
	fail := lsl.FailOrder(tags)
	for _, t := range tags {
		if lsl.C11Order([]string{t}) == t {
			t = ord
		}
		if _, ok := lsl.ParseFailTag(t); ok {
			continue
		}
		out = append(out, t)
	}
	// a compare-exchange's failure order (lsl.FailTag) is capped at the
	// new order's read part, as the edit of the source caps it
	// (edits.order); equal to it, it needs no tag
	if fail != "" && orderRank[fail] < orderRank[lsl.ReadOrder(ord)] {
		out = append(out, lsl.FailTag(fail))
	}
	return out
}
