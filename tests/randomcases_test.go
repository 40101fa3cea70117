package tests

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/refcheck"
)

// The random model comparisons (cat_twins_random_test.go,
// c11_sc_random_test.go) share this: programs of a refcheck generator,
// perhaps rewritten, the executions of each on two models where both
// converge, and a floor on how many seeds compared.

// randomScale is 10 with CHECKFENCE_FULL=1 (make check-full), else 1.
func randomScale() int {
	if os.Getenv("CHECKFENCE_FULL") != "" {
		return 10
	}
	return 1
}

// randomSeeds calls compare on the programs of cfg at seeds base … base+n-1,
// each rewritten by rewrite (nil: as generated; ok false skips the seed),
// and fails the test when fewer than minimum were compared (compare
// reports whether it compared).
func randomSeeds(t *testing.T, cfg refcheck.GenConfig, base int64, n, minimum int, rewrite func(seed int64, src string) (string, bool), compare func(seed int64, src string, c *refcheck.Case) bool) {
	t.Helper()
	compared := 0
	for seed := base; seed < base+int64(n); seed++ {
		src := refcheck.Generate(seed, cfg)
		if rewrite != nil {
			var ok bool
			if src, ok = rewrite(seed, src); !ok {
				continue
			}
		}
		c, err := refcheck.ParseCase(fmt.Sprint("random", seed), []byte(src))
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, src)
		}
		if compare(seed, src, c) {
			compared++
		}
	}
	if compared < minimum {
		t.Errorf("only %d of %d seeds compared (converged on both models): the test compares too little", compared, n)
	}
	t.Logf("compared %d of %d seeds", compared, n)
}

// convergedExecutions are the executions of c's test on m after lazy
// unrolling (at most 6 iterations a loop, 20 s); nil when the unrolling
// does not converge or stops.
func convergedExecutions(c *refcheck.Case, m *memmodel.Model) *mining.ExecutionSet {
	set, err := mining.Executions(context.Background(), c.Prog, c.Tests[0], mining.Options{Model: m, MaxUnroll: 6, Timeout: 20 * time.Second}, false)
	if err != nil || len(set.Pruned) > 0 {
		return nil
	}
	return set
}

// executionsDiffer describes how two execution sets differ in failures,
// deadlocks, flags (whether any fires) and observations; "" when they do
// not.
func executionsDiffer(a, b *mining.ExecutionSet, nameA, nameB string) string {
	oa, ob := canons(a.Observations), canons(b.Observations)
	if a.AnyError == b.AnyError && a.AnyDeadlock == b.AnyDeadlock && (len(a.Flags) > 0) == (len(b.Flags) > 0) && slices.Equal(oa, ob) {
		return ""
	}
	return fmt.Sprintf("failures/deadlocks/flags %v/%v/%v on %s, %v/%v/%v on %s; observations\n%v on %s\n%v on %s",
		a.AnyError, a.AnyDeadlock, a.Flags, nameA, b.AnyError, b.AnyDeadlock, b.Flags, nameB, oa, nameA, ob, nameB)
}

// executionsWithin describes how b reaches what a does not (a failure, an
// observation); "" when b is within a.
func executionsWithin(a, b *mining.ExecutionSet, nameA, nameB string) string {
	oa, ob := canons(a.Observations), canons(b.Observations)
	if !(b.AnyError && !a.AnyError) && subset(ob, oa) {
		return ""
	}
	return fmt.Sprintf("%s reaches what %s does not: failures %v on %s, %v on %s; observations\n%v on %s\n%v on %s",
		nameB, nameA, b.AnyError, nameB, a.AnyError, nameA, ob, nameB, oa, nameA)
}

// suiteCatPath is the absolute path of name in the suites' cat directory
// (../shared/suites/cat); the test is skipped when it is not there.
func suiteCatPath(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("../../shared/suites/cat", name))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); err != nil {
		t.Skipf("suite not available: %v", err)
	}
	return p
}

// herdTwin is the suites' own .cat file of built-in hardware model name
// (herdWrappers: arm8, power, riscv, sc-cat, tso-cat), read from a file
// as a user's model is: no built-in model, so none of the encoding's
// shortcuts for built-ins (silent rounds, chains). It skips the test
// without the suites.
func herdTwin(t *testing.T, name string) *memmodel.Model {
	t.Helper()
	file := filepath.Join(t.TempDir(), name+".cat")
	if err := os.WriteFile(file, []byte(fmt.Sprintf(herdWrappers[name], suiteCatPath(t, ""))), 0o644); err != nil {
		t.Fatal(err)
	}
	herd, err := cat.LoadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return memmodel.FromCat(herd)
}
