package memmodel

import (
	"strings"
	"testing"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/lsl"
)

// A TSO-like user model with its own fence tag. The polarity of the tag
// decides whether adding the fence is monotone.
const userFenceCat = `"user tso"
let com = rf | co | fr
acyclic po-loc | com as sc-per-location
let ppo = po & ((R * M) | (W * W))
let fenced = po; [myfence]; po
acyclic ppo | fenced | rfe | co | fr as tso
`

func TestMonotoneInFences(t *testing.T) {
	parse := func(src string) *Model {
		t.Helper()
		m, err := cat.Parse("user.cat", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		return FromCat(m)
	}
	tags := []string{"myfence"}
	if !parse(userFenceCat).MonotoneInFences(tags, false) {
		t.Errorf("a fence tag used positively in an acyclicity check: not monotone")
	}
	neg := strings.Replace(userFenceCat, "let ppo = po & ((R * M) | (W * W))", "let ppo = (po \\ (po; [myfence]; po)) & (W * W) | po & (R * M)", 1)
	if parse(neg).MonotoneInFences(tags, false) {
		t.Errorf("a fence tag on the right of a difference: monotone")
	}
	if !MustBuiltin("arm8").MonotoneInFences(nil, false) {
		t.Errorf("arm8 not monotone")
	}
	for _, name := range []string{"sc", "tso", "pso", "relaxed"} {
		if !MustBuiltin(name).MonotoneInFences(nil, true) {
			t.Errorf("%s not monotone in fences", name)
		}
	}
}

// TestFenceView: a cat model tells fences apart by tag and every barrier
// orders something there; a .mm model by kind, and only the kinds its
// axioms use order anything.
func TestFenceView(t *testing.T) {
	arm8, tso, pso := MustBuiltin("arm8"), MustBuiltin("tso"), MustBuiltin("pso")
	if !arm8.FencesByTag() || len(arm8.FenceTags()) == 0 || arm8.FenceKinds() != nil {
		t.Errorf("arm8: by tag %v, tags %v, kinds %v", arm8.FencesByTag(), arm8.FenceTags(), arm8.FenceKinds())
	}
	if tso.FencesByTag() || tso.FenceTags() != nil {
		t.Errorf("tso tells fences apart by tag")
	}
	if got := pso.FenceKinds(); len(got) != 2 {
		t.Errorf("pso distinguishes %v, want store-store and store-load", got)
	}
	for _, c := range []struct {
		m     *Model
		order string
		want  bool
	}{{arm8, "ACQ", true}, {tso, "ACQ", false}, {tso, "SC", true}} {
		if got := c.m.Orders(lsl.C11FenceBarrier(c.order)); got != c.want {
			t.Errorf("%s orders a fence of %s: %v, want %v", c.m, c.order, got, c.want)
		}
	}
}

// TestSequentiallyConsistent: sc, and a copy of its axioms under another
// name, are sequential consistency; tso and a cat model are not.
func TestSequentiallyConsistent(t *testing.T) {
	sc := MustBuiltin("sc").Axiomatic()
	copied := *sc
	copied.Name = "my-sc"
	for _, c := range []struct {
		m    *Model
		want bool
	}{{MustBuiltin("sc"), true}, {FromMM(&copied), true}, {MustBuiltin("tso"), false}, {MustBuiltin("arm8"), false}, {nil, false}} {
		if got := c.m.SequentiallyConsistent(); got != c.want {
			t.Errorf("%s: %v, want %v", c.m, got, c.want)
		}
	}
}
