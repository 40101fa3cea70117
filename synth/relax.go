package synth

import (
	"context"
	"fmt"

	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
)

// Relaxation is an atomic access whose order can be weakened: the
// Candidate's From is its order, Order the weaker one under which every
// test still passes (with the relaxations before it applied).
type Relaxation struct {
	*lsl.Candidate
}

// RelaxModelOK reports whether Relax can rewrite orders on the model: it
// changes the order tags of the accesses, which is all a model sees of
// an order when it reads the tags (rc11) or compiles them to instruction
// tags alone (arm8). The .mm models and the riscv and power mappings see
// the fences beside an access as well, which the rewriting leaves.
func RelaxModelOK(opt mining.Options) error {
	if opt.Model.Props().C11OrderInAccess {
		return nil
	}
	name := modelName(opt)
	return fmt.Errorf("--relax rewrites the memory orders of the accesses, which is what rc11 and arm8 see of them; model %s also sees the fences the compiler puts beside an access (use --model rc11 or arm8)", name)
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
	for _, s := range b.Stmts {
		out.Stmts = append(out.Stmts, orderStmt(s, orders, inherit))
	}
	return &out
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
	for _, t := range tags {
		if lsl.C11Order([]string{t}) == t {
			t = ord
		}
		out = append(out, t)
	}
	return out
}
