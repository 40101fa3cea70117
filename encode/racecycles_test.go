package encode

import (
	"fmt"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
)

// Racy retry rounds (race.go, raceCycles and raceCovered): fair progress
// leaves out a retry round that repeats an earlier one unless one of its
// accesses races, and not then if a later access of the thread has the
// same race. Against the plain rule (Options.PlainRaceCycles: every racy
// round kept), on retry loops whose rounds race, with and without an
// acquire between the racy access and the later one, on several models:
// a racy execution exists under one rule exactly when under the other,
// among all executions of the unrolling and among those in which no
// thread is cut off.

// retryRaceProgram is a two-thread program whose p0 retries a
// compare-exchange on R until it reads 1 (casTags the read's tags); a
// failed round with B set accesses D (racy: load or store), and after
// the loop p0 accesses D again when after is set. p1 sets B, writes D
// plainly, clears B and releases R (relTags).
func retryRaceProgram(racy, casTags, relTags string, after bool) string {
	var b strings.Builder
	b.WriteString("global R global B global D\n")
	b.WriteString("proc p0() {\n  L: {\n")
	fmt.Fprintf(&b, "    atomic { %%r := load%s @R  %%ok := eq(%%r, 1)  if %%ok { store%s @R, 2 } }\n", casTags, casTags)
	b.WriteString("    if %ok { break L }\n")
	b.WriteString("    %b := load<A,RLX> @B\n")
	fmt.Fprintf(&b, "    if %%b { %s }\n", racy)
	b.WriteString("    continue L\n  }\n")
	if after {
		fmt.Fprintf(&b, "  %s\n", strings.ReplaceAll(racy, "%d", "%e"))
	}
	b.WriteString("}\n")
	fmt.Fprintf(&b, "proc p1() { store<A,RLX> @B, 1  store<NA> @D, 1  store<A,RLX> @B, 0  store%s @R, 1 }\n", relTags)
	return b.String()
}

// reloadRaceProgram is retryRaceProgram with the C11 retry idiom: p0
// loads R (loadTags) before its loop, and a failed compare-exchange
// (casTags) hands the value it read to the next round, whose state then
// differs only there (a reload round, reload.go): leaving the round out
// moves the load before the loop next to the next round.
func reloadRaceProgram(racy, loadTags, casTags, relTags string, after bool) string {
	var b strings.Builder
	b.WriteString("global R global B global D\n")
	fmt.Fprintf(&b, "proc p0() {\n  %%t := load%s @R\n  L: {\n", loadTags)
	b.WriteString("    %b := load<A,RLX> @B\n")
	fmt.Fprintf(&b, "    if %%b { %s }\n", racy)
	fmt.Fprintf(&b, "    atomic { %%r := load%s @R  %%ok := eq(%%r, %%t)  if %%ok { store%s @R, 5 } }\n", casTags, casTags)
	b.WriteString("    if %ok { break L }\n")
	b.WriteString("    %t := %r\n")
	b.WriteString("    continue L\n  }\n")
	if after {
		fmt.Fprintf(&b, "  %s\n", strings.ReplaceAll(racy, "%d", "%e"))
	}
	b.WriteString("}\n")
	fmt.Fprintf(&b, "proc p1() { store<A,RLX> @B, 1  store<NA> @D, 1  store<A,RLX> @B, 0  store%s @R, 1 }\n", relTags)
	return b.String()
}

// buildBounded encodes src with its loop unrolled bound times.
func buildBounded(t *testing.T, src string, md *memmodel.Model, bound int, opt Options) *Encoding {
	t.Helper()
	p, err := lsl.Parse("t.lsl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	specs := []lsl.ThreadSpec{{Kind: lsl.ThreadConcurrent, Ops: []string{"p0"}}, {Kind: lsl.ThreadConcurrent, Ops: []string{"p1"}}}
	u, err := lsl.Unroll(p, specs, lsl.UnrollOptions{})
	if err != nil {
		t.Fatal(err)
	}
	bounds := lsl.Bounds{}
	for key := range u.Loops {
		bounds[key] = bound
	}
	if u, err = lsl.Unroll(p, specs, lsl.UnrollOptions{Bounds: bounds}); err != nil {
		t.Fatal(err)
	}
	e, err := Build(u, md, opt)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// racyExecutions reports whether some execution of e has a race, and
// whether one in which no thread is cut off does.
func racyExecutions(e *Encoding) (any, complete bool) {
	any = solveRefining(e, e.NewSolver(), e.Race.Lit)
	complete = solveRefining(e, e.NewSolver(), e.Race.Lit, e.AnyPruned.Not())
	return any, complete
}

func TestRaceCoveredMatchesPlain(t *testing.T) {
	models := map[string]*memmodel.Model{}
	for _, n := range []string{"sc", "relaxed"} {
		m, _ := axioms.Builtin(n)
		models[n] = memmodel.FromMM(m)
	}
	for _, n := range []string{"rc11", "arm8"} {
		m, _ := cat.Builtin(n)
		models[n] = memmodel.FromCat(m)
	}
	racy := map[string]string{"load": "%d := load<NA> @D", "store": "store<NA> @D, 2"}
	cas := map[string]string{"sc": "<A,SC>", "acq": "<A,ACQ>", "rlx": "<A,RLX>"}
	rel := map[string]string{"rel": "<A,REL>", "rlx": "<A,RLX>"}
	// the round races and no thread is cut off only when the last round
	// acquires what p1 released: the later access is then ordered, so
	// the racy round must be kept (a mutant that looks past the acquire
	// for a later access loses the complete racy executions)
	mustComplete := 0
	for rn, rs := range racy {
		for cn, cs := range cas {
			for ln, ls := range rel {
				for _, after := range []bool{false, true} {
					src := retryRaceProgram(rs, cs, ls, after)
					for mn, md := range models {
						name := fmt.Sprintf("%s/cas %s/%s/after %v/%s", rn, cn, ln, after, mn)
						plain := buildBounded(t, src, md, 3, Options{Races: true, RaceCycles: true, PlainRaceCycles: true})
						e := buildBounded(t, src, md, 3, Options{Races: true, RaceCycles: true})
						pa, pc := racyExecutions(plain)
						ga, gc := racyExecutions(e)
						if pa != ga || pc != gc {
							t.Errorf("%s: racy executions %v, without a cut-off %v; the plain rule %v, %v, of\n%s", name, ga, gc, pa, pc, src)
						}
						if !pa {
							t.Errorf("%s: no racy execution of\n%s", name, src)
						}
						if pc && after && cn != "rlx" && ln == "rel" {
							mustComplete++
						}
					}
				}
			}
		}
	}
	// reload rounds: an acquire load before the loop, moved next to the
	// round after the racy one, may order that round's access after the
	// race
	for rn, rs := range racy {
		for _, ln := range []string{"rlx", "acq"} {
			for _, cn := range []string{"rlx", "acq"} {
				src := reloadRaceProgram(rs, cas[ln], cas[cn], rel["rel"], false)
				for mn, md := range models {
					name := fmt.Sprintf("reload/%s/load %s/cas %s/%s", rn, ln, cn, mn)
					plain := buildBounded(t, src, md, 3, Options{Races: true, RaceCycles: true, PlainRaceCycles: true})
					e := buildBounded(t, src, md, 3, Options{Races: true, RaceCycles: true})
					pa, pc := racyExecutions(plain)
					ga, gc := racyExecutions(e)
					if pa != ga || pc != gc {
						t.Errorf("%s: racy executions %v, without a cut-off %v; the plain rule %v, %v, of\n%s", name, ga, gc, pa, pc, src)
					}
				}
			}
		}
	}
	if mustComplete == 0 {
		t.Error("no program has a racy execution without a cut-off whose later access is ordered after the race")
	}
}
