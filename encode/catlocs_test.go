package encode

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/encode/sat"

	"github.com/checkfence/checkfence/internal/gini/z"
)

// catUnboundedPrograms reach cells through computed addresses, as the
// accesses whose addresses the range analysis cannot list do.
var catUnboundedPrograms = map[string]string{
	"indexed": `global A global I
proc p0() { %a1 := offset(@A, 1)  store %a1, 1  store @I, 1 }
proc p1() { %i := load @I  %a := offset(@A, %i)  %v := load %a  store %a, 2 }
proc p2() { %a0 := offset(@A, 0)  %b := load %a0 }`,
}

// catWellformedModels flag candidate executions that are not herd's: a
// location with two initial writes shows up as a load with two sources or
// writes of one location that co does not order.
var catWellformedModels = map[string]string{
	"wellformed": `flag ~empty (rf ; rf^-1) \ id as two-sources
flag ~empty ((W * W) & loc) \ id \ co \ co^-1 as co-not-total
flag ~empty (R \ range(rf)) as no-source`,
}

// TestCatUnlistedLocationsMatch compares the encoding in which every
// access's address is symbolic (Options.CatUnlistedLocations: every
// location's initial write symbolic, catlocs.go) with the one over the
// locations the range analysis lists: on every program and model, the
// executions (guards and reads-from, the rest projected away) the model
// allows, and those in which each flag fires, are the same.
func TestCatUnlistedLocationsMatch(t *testing.T) {
	programs := map[string]string{}
	for k, v := range catPrograms {
		programs[k] = v
	}
	for k, v := range catUnboundedPrograms {
		programs[k] = v
	}
	models := catModels(t)
	for name, src := range catWellformedModels {
		m, err := cat.Parse(name+".cat", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		models[name] = m
	}
	for pname, src := range programs {
		for mname, m := range models {
			name := pname + "/" + mname
			listed := buildCatOpt(t, src, m, Options{})
			unlisted := buildCatOpt(t, src, m, Options{CatUnlistedLocations: true})
			if len(unlisted.catInst.sym) == 0 {
				t.Fatalf("%s: no symbolic initial write", name)
			}
			proj := rfProjection(listed)
			if fmt.Sprint(proj) != fmt.Sprint(rfProjection(unlisted)) {
				t.Fatalf("%s: the projection literals differ between encodings", name)
			}
			want := allowedExecutions(t, listed, proj, z.LitNull)
			got := allowedExecutions(t, unlisted, proj, z.LitNull)
			if want != got {
				t.Errorf("%s: allowed executions differ:\nlisted:\n%s\nunlisted:\n%s", name, want, got)
			}
			for i, f := range listed.catInst.Flags {
				w := allowedExecutions(t, listed, proj, f.Lit)
				g := allowedExecutions(t, unlisted, proj, unlisted.catInst.Flags[i].Lit)
				if w != g {
					t.Errorf("%s: flag %s fires in different executions:\nlisted:\n%s\nunlisted:\n%s", name, f.Name, w, g)
				}
			}
		}
	}
}

// rfProjection lists the guards and seeds: they determine which events
// execute and what each load reads.
func rfProjection(e *Encoding) []z.Lit {
	var ls []z.Lit
	for _, in := range e.Instrs {
		ls = append(ls, in.Guard)
	}
	for _, sv := range e.seeds {
		for _, s := range sv {
			ls = append(ls, s.lit)
		}
	}
	return ls
}

// allowedExecutions enumerates the assignments of proj that the
// encoding allows (with assume, unless LitNull), as sorted lines.
func allowedExecutions(t *testing.T, e *Encoding, proj []z.Lit, assume z.Lit) string {
	t.Helper()
	s := e.NewSolver()
	var as []z.Lit
	if assume != z.LitNull {
		as = append(as, assume)
	}
	var out []string
	for len(out) <= 5000 {
		if s.Solve(context.Background(), as...) != sat.Sat {
			break
		}
		if lemmas := e.Model.Lemmas(s.Value); len(lemmas) > 0 {
			for _, cl := range lemmas {
				s.AddClause(cl...)
			}
			continue
		}
		var b strings.Builder
		var block []z.Lit
		for _, l := range proj {
			if s.Value(l) {
				b.WriteByte('1')
				block = append(block, l.Not())
			} else {
				b.WriteByte('0')
				block = append(block, l)
			}
		}
		out = append(out, b.String())
		s.AddClause(block...)
	}
	if len(out) > 5000 {
		t.Fatal("too many executions")
	}
	sort.Strings(out)
	return strings.Join(out, "\n")
}
