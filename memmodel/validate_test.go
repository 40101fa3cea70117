package memmodel

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/diag"
)

// TestBuiltinsAdmitTrivial: every built-in model admits some execution of
// the vacuity probe, and passes Validate.
func TestBuiltinsAdmitTrivial(t *testing.T) {
	for _, n := range Names() {
		m := MustBuiltin(n)
		if err := m.Validate(context.Background()); err != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
}

// TestVacuous: a model with an axiom or check that is always false is
// rejected at it, with file:line:col.
func TestVacuous(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	sc, _ := mmSource("sc")
	cases := []struct{ file, want string }{ // want: the position, and the axiom or check named
		{write("vac.mm", strings.Replace(sc, "require\n", "require\n<no> ~(X = X)\n", 1)), "vac.mm:3:1: "},
		{write("vac.cat", "\"vac\"\nacyclic id as never\n"), "vac.cat:2:1: acyclic id as never: "},
		{write("ok.cat", "\"ok\"\nacyclic po | rf | co | fr as sc\n"), ""},
		{write("ok.mm", sc), ""},
	}
	for _, c := range cases {
		_, err := Load(context.Background(), c.file)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.file, err)
		case c.want != "" && (!slices.Equal(diag.Codes(err), []diag.ErrorCode{diag.CodeVacuous}) || !strings.HasPrefix(err.Error(), filepath.Join(dir, c.want))):
			t.Errorf("%s: got %v (codes %v), want %q [vacuous]", c.file, err, diag.Codes(err), c.want)
		}
	}
}

// TestC11CoherenceLost: every built-in .mm model keeps read-read
// coherence across an aliased-loads fence; rmo as it was before it
// declared al_fence (without axiom <A2_al>) does not. Cat models are not
// asked.
func TestC11CoherenceLost(t *testing.T) {
	for _, n := range Names() {
		lost, err := MustBuiltin(n).C11CoherenceLost(context.Background())
		if err != nil || lost {
			t.Errorf("%s: lost %v, err %v", n, lost, err)
		}
	}
	rmo, _ := mmSource("rmo")
	i, j := strings.Index(rmo, "<A2_al>"), strings.Index(rmo, "<v1>")
	if i < 0 || j < i {
		t.Fatal("rmo.mm has no <A2_al> before <v1>")
	}
	file := filepath.Join(t.TempDir(), "oldrmo.mm")
	if err := os.WriteFile(file, []byte(strings.Replace(rmo[:i]+rmo[j:], "model rmo", "model oldrmo", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := Load(context.Background(), file)
	if err != nil {
		t.Fatal(err)
	}
	if lost, err := m.C11CoherenceLost(context.Background()); err != nil || !lost {
		t.Errorf("rmo without <A2_al>: lost %v, err %v", lost, err)
	}
}
