package lsl

import (
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"testing"
)

// TestMaybeUnassignedMatchesCopying compares the undo-log analysis with
// the straightforward one that copies the assigned set at every branch
// (the previous implementation, kept here as the reference) on random
// statement trees.
func TestMaybeUnassignedMatchesCopying(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 5000; i++ {
		g := &stmtGen{rng: rng}
		body := &Block{Stmts: g.stmts(4)}
		got, want := regSetString(maybeUnassigned(body)), regSetString(maybeUnassignedCopying(body))
		if got != want {
			t.Fatalf("program %d:\n%s\nundo log: %s\ncopying:  %s", i, Format(&Program{Procs: []*Proc{{Name: "p", Body: body}}}, PrintOptions{}), got, want)
		}
	}
}

// TestMaybeUnassignedDeepNesting checks the analysis on 10,000 nested ifs
// (quadratic before: each level copied the whole assigned set).
func TestMaybeUnassignedDeepNesting(t *testing.T) {
	body := nestedIfs(10000)
	got := maybeUnassigned(body)
	if len(got) != 1 || !got["%never"] {
		t.Errorf("maybe unassigned: %v, want only %%never", regSetString(got))
	}
}

func BenchmarkMaybeUnassignedNested(b *testing.B) {
	body := nestedIfs(10000)
	for b.Loop() {
		maybeUnassigned(body)
	}
}

// nestedIfs: %c0 := 1; if %c0 { %c1 := 1; if %c1 { … %x := %never } }.
func nestedIfs(n int) *Block {
	inner := &Block{Stmts: []Stmt{&Assign{Dst: "%x", Op: OpCopy, Args: []Operand{Reg("%never")}}}}
	for k := n; k >= 0; k-- {
		c := Reg(fmt.Sprintf("%%c%d", k))
		inner = &Block{Stmts: []Stmt{
			&Assign{Dst: c, Op: OpCopy, Args: []Operand{Const{Num(1)}}},
			&If{Cond: c, Then: inner},
		}}
	}
	return inner
}

func regSetString(m map[Reg]bool) string {
	var s []string
	for r := range m {
		s = append(s, string(r))
	}
	sort.Strings(s)
	return strings.Join(s, " ")
}

// stmtGen makes random statement trees over a few registers and labels.
type stmtGen struct {
	rng    *rand.Rand
	labels []string
	n      int
}

func (g *stmtGen) reg() Reg { return Reg(fmt.Sprintf("%%r%d", g.rng.Intn(5))) }

func (g *stmtGen) stmts(depth int) []Stmt {
	var out []Stmt
	for k := g.rng.Intn(4); k >= 0; k-- {
		out = append(out, g.stmt(depth))
	}
	return out
}

func (g *stmtGen) stmt(depth int) Stmt {
	choice := g.rng.Intn(10)
	if depth == 0 {
		choice = g.rng.Intn(3)
	}
	switch choice {
	case 0:
		return &Assign{Dst: g.reg(), Op: OpAdd, Args: []Operand{g.reg(), Const{Num(1)}}}
	case 1:
		return &Load{Dst: g.reg(), Addr: g.reg()}
	case 2:
		return &Store{Addr: g.reg(), Val: g.reg()}
	case 3, 4:
		s := &If{Cond: g.reg(), Then: &Block{Stmts: g.stmts(depth - 1)}}
		if g.rng.Intn(2) == 0 {
			s.Else = &Block{Stmts: g.stmts(depth - 1)}
		}
		return s
	case 5:
		g.n++
		l := fmt.Sprintf("L%d", g.n)
		g.labels = append(g.labels, l)
		b := &Block{Label: l, Stmts: g.stmts(depth - 1)}
		g.labels = g.labels[:len(g.labels)-1]
		return b
	case 6:
		if len(g.labels) > 0 {
			return &Break{Label: g.labels[g.rng.Intn(len(g.labels))]}
		}
		return &Abort{}
	case 7:
		if len(g.labels) > 0 && g.rng.Intn(2) == 0 {
			return &Continue{Label: g.labels[g.rng.Intn(len(g.labels))]}
		}
		return &Pruned{}
	case 8:
		return &Atomic{Body: &Block{Stmts: g.stmts(depth - 1)}}
	default:
		g.n++
		l := fmt.Sprintf("S%d", g.n)
		g.labels = append(g.labels, l)
		s := &Spin{Label: l, Body: &Block{Stmts: g.stmts(depth - 1)}}
		g.labels = g.labels[:len(g.labels)-1]
		return s
	}
}

// The previous implementation: a copy of the assigned set per branch.

func maybeUnassignedCopying(body *Block) map[Reg]bool {
	d := &copyingDefAssign{out: map[Reg]bool{}, breaks: map[string][]map[Reg]bool{}}
	d.block(body, map[Reg]bool{})
	return d.out
}

type copyingDefAssign struct {
	out    map[Reg]bool
	breaks map[string][]map[Reg]bool
}

func copyingSet(s map[Reg]bool) map[Reg]bool {
	n := make(map[Reg]bool, len(s))
	for k := range s {
		n[k] = true
	}
	return n
}

func copyingIntersect(a, b map[Reg]bool) map[Reg]bool {
	if a == nil {
		return b
	}
	if b == nil {
		return a
	}
	n := map[Reg]bool{}
	for k := range a {
		if b[k] {
			n[k] = true
		}
	}
	return n
}

// block returns the definitely assigned set after b, or nil when the end of
// b is unreachable.
func (d *copyingDefAssign) block(b *Block, in map[Reg]bool) map[Reg]bool {
	cur := in
	if b.Label != "" {
		d.breaks[b.Label] = nil
	}
	for _, s := range b.Stmts {
		if cur == nil {
			break
		}
		cur = d.stmt(s, cur)
	}
	if b.Label != "" {
		for _, br := range d.breaks[b.Label] {
			cur = copyingIntersect(cur, br)
		}
		delete(d.breaks, b.Label)
	}
	return cur
}

func (d *copyingDefAssign) read(o Operand, cur map[Reg]bool) {
	if r, ok := o.(Reg); ok && !cur[r] {
		d.out[r] = true
	}
}

func (d *copyingDefAssign) stmt(s Stmt, cur map[Reg]bool) map[Reg]bool {
	for _, o := range Operands(s) {
		d.read(o, cur)
	}
	switch s := s.(type) {
	case *Block:
		return d.block(s, cur)
	case *Assign:
		cur[s.Dst] = true
	case *Load:
		cur[s.Dst] = true
	case *Choose:
		cur[s.Dst] = true
	case *Alloc:
		cur[s.Dst] = true
	case *If:
		t := d.block(s.Then, copyingSet(cur))
		e := copyingSet(cur)
		if s.Else != nil {
			e = d.block(s.Else, e)
		}
		if t == nil {
			return e
		}
		if e == nil {
			return t
		}
		return copyingIntersect(t, e)
	case *Break:
		d.breaks[s.Label] = append(d.breaks[s.Label], copyingSet(cur))
		return nil
	case *Continue, *Abort, *Pruned:
		return nil
	case *Atomic:
		return d.block(s.Body, cur)
	case *Spin:
		out := d.block(&Block{Label: s.Label, Stmts: s.Body.Stmts}, cur)
		return out
	}
	return cur
}
