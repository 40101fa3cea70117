package tests

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// tests/unbounded: data types whose accesses reach cells through indices
// the range analysis cannot bound (ring positions that start at any lap),
// so on a cat model their addresses are symbolic (docs/semantics.md,
// "Locations of a cat model"); until 2026-11-29 every cat model refused
// them ("cat models need the possible addresses of every access"). Each
// runs with its fences (P) and without them (the second column), on sc,
// relaxed, arm8 and riscv.
var unboundedVerdicts = []struct {
	impl, tst, test string
	fenced, nofence [4]string
}{
	{"vyukov.c", "vyukov.tst", "T0", [4]string{"P", "P", "P", "P"}, [4]string{"P", "F:consistency", "F:consistency", "F:consistency"}},
	{"vyukov.c", "vyukov.tst", "T1", [4]string{"P", "P", "P", "P"}, [4]string{"P", "F:consistency", "F:consistency", "F:consistency"}},
	{"chaselev.c", "chaselev.tst", "D3", [4]string{"P", "P", "P", "P"}, [4]string{"P", "F:consistency", "F:consistency", "F:consistency"}},
	{"chaselev.c", "chaselev.tst", "Dw", [4]string{"P", "P", "P", "P"}, [4]string{"P", "F:consistency", "P", "P"}},
}

func TestUnboundedAddresses(t *testing.T) {
	models := []string{"sc", "relaxed", "arm8", "riscv"}
	for _, tc := range unboundedVerdicts {
		t.Run(strings.TrimSuffix(tc.impl, ".c")+"/"+tc.test, func(t *testing.T) {
			t.Parallel()
			for _, variant := range []string{"fenced", "nofence"} {
				impl := filepath.Join("unbounded", tc.impl)
				if variant == "nofence" {
					impl = strings.TrimSuffix(impl, ".c") + "_nofence.c"
				}
				prog, tf := load(t, filepath.Join("unbounded", tc.tst), impl)
				test := tf.Tests[0]
				for _, x := range tf.Tests {
					if x.Name == tc.test {
						test = x
					}
				}
				want := tc.fenced
				if variant == "nofence" {
					want = tc.nofence
				}
				for mi, m := range models {
					opt := mining.Options{Timeout: datatypeTimeout}
					opt.Model = model(t, m)
					r := check(t, prog, test, opt)
					if got := verdictCode(r); got != want[mi] {
						t.Errorf("%s %s %s on %s: %s (%s), want %s", variant, tc.impl, tc.test, m, got, r.Message, want[mi])
					}
					if err := r.CheckCounterexample(); err != nil {
						t.Errorf("%s %s %s on %s: %v", variant, tc.impl, tc.test, m, err)
					}
				}
			}
		})
	}
}
