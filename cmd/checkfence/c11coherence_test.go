package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/axioms"
)

// `models FILE.mm` warns when C11's read-read coherence does not hold on
// the model: rmo as it was before it declared al_fence gets the warning,
// rmo and relaxed as built in do not.
func TestModelsC11Coherence(t *testing.T) {
	src := func(name string) string {
		b, ok := axioms.BuiltinSource(name)
		if !ok {
			t.Fatalf("no built-in %s", name)
		}
		return string(b)
	}
	rmo := src("rmo")
	i := strings.Index(rmo, "<A2_al>")
	j := strings.Index(rmo, "<v1>")
	if i < 0 || j < i {
		t.Fatal("rmo.mm has no <A2_al> before <v1>")
	}
	dir := t.TempDir()
	for _, c := range []struct {
		file, text string
		warn       bool
	}{
		{"oldrmo.mm", strings.Replace(rmo[:i]+rmo[j:], "model rmo", "model oldrmo", 1), true},
		{"myrmo.mm", strings.Replace(rmo, "model rmo", "model myrmo", 1), false},
		{"myrelaxed.mm", strings.Replace(src("relaxed"), "model relaxed", "model myrelaxed", 1), false},
	} {
		path := filepath.Join(dir, c.file)
		if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, stderr := runCLI("models", path)
		if code != 0 {
			t.Fatalf("models %s: exit %d\n%s%s", c.file, code, out, stderr)
		}
		if got := strings.Contains(out, "C11 atomics (--frontend clang): two relaxed loads of one location may read out of order"); got != c.warn {
			t.Errorf("models %s: warning %v, want %v:\n%s", c.file, got, c.warn, out)
		}
	}
}
