package lsl

import (
	"errors"
	"fmt"
	"math/rand"
	"reflect"
	"testing"

	"github.com/checkfence/checkfence/internal/limits"
)

// TestReachingDefsShortcuts compares the reaching definitions with and
// without dropping the registers nothing reads any more (rdPlain) on
// random statement trees: labelled blocks broken out of from nested ifs,
// spin loops continued, dead code.
func TestReachingDefsShortcuts(t *testing.T) {
	// %x read once in a spin loop walked twice (its entry grows by the
	// loop's own load) and twice after it: the reads after must see both
	// loads, however often the loop's read was walked
	loop := mustParse(t, "global X\nproc p() {\n%x := load @X\nspin S {\n%y := load %x\n%x := load @X\nif %y { continue S }\n}\n%a := add(%x, 1)\n%b := add(%x, 2)\nstore @X, %b\n}").Procs[0].Body
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 5001; i++ {
		g := &stmtGen{rng: rng}
		th := &Thread{Body: &Block{Stmts: g.stmts(4)}}
		if i == 5000 {
			th.Body = loop
		}
		var stmts []Stmt
		Walk(th.Body, func(s Stmt) bool {
			switch s.(type) {
			case *Assign, *Choose, *Load, *Store:
				stmts = append(stmts, s)
			}
			return true
		})
		got, _ := reachingDefs([]*Thread{th}, stmts, &limits.Poller{})
		rdPlain = true
		want, _ := reachingDefs([]*Thread{th}, stmts, &limits.Poller{})
		rdPlain = false
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("program %d:\n%s\nwith shortcuts: %v\nplain:          %v", i, Format(&Program{Procs: []*Proc{{Name: "p", Body: th.Body}}}, PrintOptions{}), got, want)
		}
	}
}

// switchDispatch is how the C front end lowers a switch of n cases:
// nested blocks case_n … case_1 around a chain of "if %t_k { break
// case_k }", each case's code after its block, and a break out of the
// switch. Each break's state holds every comparison before it.
func switchDispatch(n int) *Block {
	dispatch := []Stmt{&Load{Dst: "%v", Addr: Reg("%p")}}
	for k := 1; k <= n; k++ {
		c := Reg(fmt.Sprintf("%%t%d", k))
		dispatch = append(dispatch,
			&Assign{Dst: c, Op: OpEq, Args: []Operand{Reg("%v"), Const{Num(int64(k))}}},
			&If{Cond: c, Then: &Block{Stmts: []Stmt{&Break{Label: fmt.Sprintf("case%d", k)}}}})
	}
	dispatch = append(dispatch, &Break{Label: "switch"})
	inner := &Block{Label: "case1", Stmts: dispatch}
	for k := 1; k <= n; k++ {
		label := "switch"
		if k < n {
			label = fmt.Sprintf("case%d", k+1)
		}
		inner = &Block{Label: label, Stmts: []Stmt{inner, &Store{Addr: Reg("%p"), Val: Const{Num(int64(k))}}, &Break{Label: "switch"}}}
	}
	return &Block{Stmts: []Stmt{inner}}
}

func BenchmarkReachingDefsSwitch(b *testing.B) {
	th := &Thread{Body: switchDispatch(2000)}
	var stmts []Stmt
	Walk(th.Body, func(s Stmt) bool {
		switch s.(type) {
		case *Assign, *Load, *Store:
			stmts = append(stmts, s)
		}
		return true
	})
	for b.Loop() {
		reachingDefs([]*Thread{th}, stmts, &limits.Poller{})
	}
}

func BenchmarkMaybeUnassignedSwitch(b *testing.B) {
	body := switchDispatch(2000)
	for b.Loop() {
		maybeUnassigned(body)
	}
}

// TestFlowPassesCanceled: the definite-assignment and reaching-definitions
// walks stop at a done context (a 2,000-case switch cost them about a
// second each past --timeout before they polled).
func TestFlowPassesCanceled(t *testing.T) {
	body := switchDispatch(2000)
	poll := &limits.Poller{Ctx: canceledCtx(), Phase: "test"}
	if _, err := maybeUnassignedPoll(body, poll); !errors.Is(err, limits.ErrCanceled) {
		t.Errorf("maybeUnassignedPoll: %v, want a cancellation", err)
	}
	th := &Thread{Body: body}
	if _, err := reachingDefs([]*Thread{th}, nil, poll); !errors.Is(err, limits.ErrCanceled) {
		t.Errorf("reachingDefs: %v, want a cancellation", err)
	}
	if _, err := dropFaint(body, poll); !errors.Is(err, limits.ErrCanceled) {
		t.Errorf("dropFaint: %v, want a cancellation", err)
	}
	if got, err := maybeUnassignedPoll(body, &limits.Poller{}); err != nil || len(got) != 1 || !got["%p"] {
		t.Errorf("without a context: %v, %v; want only %%p (never assigned)", got, err)
	}
}
