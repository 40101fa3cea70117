package tests

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
)

// TestModelCopyEncodedAsBuiltin: a copy of a built-in model under another
// name (another model name or title, another file, another comment) is
// encoded exactly as the built-in one: the encoder's shortcuts follow the
// axioms (memmodel.Properties), not the name. Same verdicts, rounds,
// variables and clauses, with and without the race check, and
// the same features (encode.Features: symmetry, fair progress and its
// cat conditions, flags, lazy checks), on programs that exercise fair
// progress, silent read-modify-writes, reload rounds, the race flag,
// symmetric threads and pool symmetry —
// for the .mm models and for cat models (rc11, a hardware model: arm8).
func TestModelCopyEncodedAsBuiltin(t *testing.T) {
	dir := t.TempDir()
	copyOf := func(name string) *memmodel.Model {
		t.Helper()
		var file, src string
		if b, ok := axioms.BuiltinSource(name); ok {
			file = filepath.Join(dir, "my"+name+".mm")
			src = strings.Replace(string(b), "model "+name+"\n", "model my"+name+"\n// a copy\n", 1)
		} else {
			b, _ := cat.BuiltinSource(name)
			file = filepath.Join(dir, "my"+name+".cat")
			src = "\"a copy of " + name + "\"\n" + string(b)[strings.IndexByte(string(b), '\n'):]
		}
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		m, err := memmodel.Load(context.Background(), file)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	programs := []struct{ impl, tst, test string }{
		{"fairness/cascounter.c", "fairness/cascounter.tst", "T2"},
		{"fairness/chaselev.c", "fairness/chaselev.tst", "T2"},
		{"fairness/handoff.c", "fairness/handoff.tst", "T"},
		{"lslpool/stack.lsl", "lslpool/stack.tst", "Push2"}, // pool symmetry
	}
	models := append(memmodel.MMNames(), "rc11", "tso-cat", "arm8")
	for _, name := range models {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			builtin, cp := model(t, name), copyOf(name)
			if cp == builtin || cp.Name() == builtin.Name() || cp.Props() != builtin.Props() {
				t.Fatalf("copy %s: properties %+v, built-in %+v", cp.Name(), cp.Props(), builtin.Props())
			}
			for _, p := range programs {
				prog, tf := load(t, p.tst, p.impl)
				test := tf.Tests[0]
				for _, x := range tf.Tests {
					if x.Name == p.test {
						test = x
					}
				}
				for _, bound := range []int{1, 2} {
					for _, races := range []bool{false, true} {
						a, b := encodingSize(t, prog, test, builtin, bound, races), encodingSize(t, prog, test, cp, bound, races)
						if a != b {
							t.Errorf("%s %s at bound %d (races %v): built-in encoding %+v, copy %+v", p.impl, test.Name, bound, races, a, b)
						}
					}
				}
				for _, o := range []mining.Options{{}, {NoSimulation: true}, {Races: mining.RacesWarn}} {
					// the pool stack's push re-reads a stale top on relaxed
					// and rmo, storing n->next each round: it runs to the
					// limit there (docs/semantics.md, "Storing cycles")
					o.MaxUnroll = 8
					o.Model = builtin
					a := check(t, prog, test, o)
					o.Model = cp
					b := check(t, prog, test, o)
					if a.Verdict != b.Verdict || a.Reason != b.Reason || a.Stats.Rounds != b.Stats.Rounds ||
						a.Stats.Vars != b.Stats.Vars || a.Stats.Clauses != b.Stats.Clauses {
						t.Errorf("%s %s (simulation %v, races %v): built-in %s %s, %d rounds, %d vars, %d clauses; copy %s %s, %d rounds, %d vars, %d clauses",
							p.impl, test.Name, !o.NoSimulation, o.Races, a.Verdict, a.Reason, a.Stats.Rounds, a.Stats.Vars, a.Stats.Clauses,
							b.Verdict, b.Reason, b.Stats.Rounds, b.Stats.Vars, b.Stats.Clauses)
					}
				}
			}
		})
	}
}

// encodingShape is the size of an encoding and the features it has.
type encodingShape struct {
	size     [3]int
	features encode.Features
}

// encodingSize is the size of the encoding of test at loop bound (circuit
// nodes, clauses, and the sizes Build reports) and its features.
func encodingSize(t *testing.T, prog *lsl.Program, test *lsl.Test, m *memmodel.Model, bound int, races bool) encodingShape {
	t.Helper()
	u, err := lsl.Unroll(prog, test.ThreadSpecs(), lsl.UnrollOptions{DefaultBound: bound})
	if err != nil {
		t.Fatal(err)
	}
	e, err := encode.Build(u, m, encode.Options{Races: races, RaceCycles: races})
	if err != nil {
		t.Fatal(err)
	}
	return encodingShape{[3]int{e.C.Len(), e.Clauses.Len(), e.Stats.NodesTheta}, e.Features()}
}
