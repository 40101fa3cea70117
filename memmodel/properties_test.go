package memmodel

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/cat"
)

// TestProperties: the properties derived from the axioms give the
// built-in models what the encoder assumed of them by name before
// (LoadsInOrder: sc, tso, pso; every built-in .mm model vetted; rc11's
// racy flag), and a copy under another name, with other comments and
// labels, has the same properties.
func TestProperties(t *testing.T) {
	dir := t.TempDir()
	for _, n := range MMNames() {
		m := MustBuiltin(n)
		p := m.Props()
		if !p.Vetted || !p.MemoryOrder || !p.C11Fences || !p.CoherentPerLocation || p.Flags {
			t.Errorf("%s: %+v", n, p)
		}
		if want := slices.Contains([]string{"sc", "tso", "pso"}, n); p.LoadsInOrder != want || p.NoThinAir != want {
			t.Errorf("%s: LoadsInOrder %v, want %v", n, p.LoadsInOrder, want)
		}
		src, _ := mmSource(n)
		src = strings.Replace(src, "model "+n+"\n", "model copy_of_"+n+"\n// a copy\n", 1)
		src = strings.ReplaceAll(src, "<", "<x")
		file := filepath.Join(dir, n+".mm")
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := Load(context.Background(), file)
		if err != nil {
			t.Fatal(err)
		}
		if c.Name() == n || c.Props() != p {
			t.Errorf("copy of %s (%s): %+v, want %+v", n, c.Name(), c.Props(), p)
		}
	}
	for _, n := range CatNames() {
		p := MustBuiltin(n).Props()
		if p.Vetted || p.LoadsInOrder || !p.StorelessCycles || !p.OrdersStores {
			t.Errorf("%s: %+v", n, p)
		}
		if want := n == "rc11"; p.NoThinAir != want || (p.C11RaceFlag == "racy") != want {
			t.Errorf("%s: NoThinAir %v, C11RaceFlag %q", n, p.NoThinAir, p.C11RaceFlag)
		}
		if want := n == "lkmm"; p.LinuxKernel != want {
			t.Errorf("%s: LinuxKernel %v", n, p.LinuxKernel)
		}
		if p.C11Fences {
			t.Errorf("%s: C11Fences on a cat model", n)
		}
	}
	// flags, coherence per location, where the C11 order is seen and the
	// architecture, as the models' texts and mappings have them
	for _, c := range []struct {
		name            string
		flags, coherent bool
		inAccess        bool
		arch            string
	}{
		{"rc11", true, true, true, ""},
		{"arm8", false, true, true, "arm8"},
		{"riscv", false, true, false, "riscv"},
		{"power", false, true, false, "power"},
		{"tso-cat", false, true, false, "x86"},
	} {
		p := MustBuiltin(c.name).Props()
		if p.Flags != c.flags || p.CoherentPerLocation != c.coherent || p.C11OrderInAccess != c.inAccess || p.Arch != c.arch {
			t.Errorf("%s: Flags %v, CoherentPerLocation %v, C11OrderInAccess %v, Arch %q; want %v, %v, %v, %q",
				c.name, p.Flags, p.CoherentPerLocation, p.C11OrderInAccess, p.Arch, c.flags, c.coherent, c.inAccess, c.arch)
		}
	}
	// a copy of a cat model has its properties and C11 mapping
	for _, n := range []string{"rc11", "arm8", "lkmm"} {
		src, _ := catSource(n)
		file := filepath.Join(dir, "my"+n+".cat")
		if err := os.WriteFile(file, []byte("\"copy\"\n"+src[strings.IndexByte(src, '\n'):]), 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := Load(context.Background(), file)
		if err != nil {
			t.Fatal(err)
		}
		b := MustBuiltin(n)
		if c.Props() != b.Props() || c.Cat().C11 != b.Cat().C11 {
			t.Errorf("copy of %s: %+v, want %+v", n, c.Props(), b.Props())
		}
	}
	// a weakened sc (no M1) is not vetted, so has no LoadsInOrder
	sc, _ := mmSource("sc")
	weak := filepath.Join(dir, "weak.mm")
	if err := os.WriteFile(weak, []byte(strings.Replace(sc, "<M1> program_order(X,Y) => memory_order(X,Y)", "", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := Load(context.Background(), weak)
	if err != nil {
		t.Fatal(err)
	}
	if p := w.Props(); p.Vetted || p.LoadsInOrder {
		t.Errorf("weak sc: %+v", p)
	}
}

// TestEquivalentTextVetted: a copy of an earlier text of a built-in model
// (axioms/equivalent: the dissertation's rmo, before its transitivity
// axiom was rewritten) has the built-in's properties, and the text is not
// the built-in's (else the test says nothing).
func TestEquivalentTextVetted(t *testing.T) {
	dir := t.TempDir()
	eq := axioms.Equivalent()
	if len(eq) == 0 {
		t.Fatal("no equivalent texts")
	}
	for name, old := range eq {
		b := MustBuiltin(name)
		if old.String() == b.mm.String() {
			t.Errorf("%s: the equivalent text is the built-in's", name)
		}
		file := filepath.Join(dir, "old"+name+".mm")
		src := strings.Replace(old.String(), "model "+name+"\n", "model old_"+name+"\n", 1)
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := Load(context.Background(), file)
		if err != nil {
			t.Fatal(err)
		}
		if c.Name() == name || !c.Props().Vetted || c.Props() != b.Props() {
			t.Errorf("copy of the earlier %s (%s): %+v, want %+v", name, c.Name(), c.Props(), b.Props())
		}
	}
}

// TestEquivalentCatTextVetted: a copy of an earlier text of a built-in cat
// model (cat/equivalent: power before its rewrites for size) has the
// properties of a copy of the built-in's text, its architecture included,
// and the text is not the built-in's.
func TestEquivalentCatTextVetted(t *testing.T) {
	dir := t.TempDir()
	eq := cat.Equivalent()
	if len(eq) == 0 {
		t.Fatal("no equivalent cat texts")
	}
	load := func(file, src string) *Model {
		t.Helper()
		path := filepath.Join(dir, file)
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		m, err := Load(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	for name, old := range eq {
		src, ok := cat.BuiltinSource(name)
		if !ok {
			t.Fatalf("%s: no built-in of that name", name)
		}
		if old.Format() == MustBuiltin(name).cat.Format() {
			t.Errorf("%s: the equivalent text is the built-in's", name)
		}
		copyNow := load("now_"+name+".cat", string(src))
		copyOld := load("old_"+name+".cat", old.Format())
		if copyOld.Props().Arch == "" || copyOld.Props() != copyNow.Props() {
			t.Errorf("copy of the earlier %s: %+v, want %+v", name, copyOld.Props(), copyNow.Props())
		}
	}
}

// TestReloadRoundProperties: reload rounds apply on the .mm models and on
// every cat model — those that read the program's tags as written, sc-cat
// (its C11 mapping adds nothing), and those with another C11 mapping,
// where the encoding compares the mapped tags (encode/reloadtags.go);
// only cat models see tags and fences as events.
func TestReloadRoundProperties(t *testing.T) {
	for _, tc := range []struct {
		model          string
		reload, tagged bool
	}{
		{"sc", true, false}, {"relaxed", true, false}, {"rmo", true, false},
		{"rc11", true, true}, {"sc-cat", true, true},
		{"arm8", true, true}, {"riscv", true, true}, {"power", true, true}, {"tso-cat", true, true},
	} {
		p := MustBuiltin(tc.model).Props()
		if p.ReloadRounds != tc.reload || p.TaggedEvents != tc.tagged {
			t.Errorf("%s: ReloadRounds %v, TaggedEvents %v; want %v, %v", tc.model, p.ReloadRounds, p.TaggedEvents, tc.reload, tc.tagged)
		}
	}
}
