package litmusrun

import (
	"context"
	"path/filepath"
	"sort"
	"testing"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
)

// amoVerdicts are herd's verdicts (does the condition hold?) for the tests
// of testdata/verdicts/amo: the dependency and fence forms of each
// dialect's atomic read-modify-writes. They are derived by hand from the
// models (docs/models.md, "Atomic read-modify-writes"): a RISC-V AMO is
// one memory operation, both a load and a store (RVWMO; herd's
// riscv-defs.cat "let AMO = try AMO with (R & W)"), while lr/sc are two
// instructions and herd's AArch64 SWP, LDADD and CAS are two events
// whose read and write are not merged; a CAS is not a branch.
var amoVerdicts = map[string]string{
	// a data dependency into the AMO and an address dependency out of it
	// chain through the one operation
	"MP+fence.rw.rw+data-amoswap-addr": "No",
	"MP+fence.rw.rw+data-amoadd-addr":  "No",
	// lr and sc are two instructions: the chain is broken
	"MP+fence.rw.rw+data-lrsc-addr": "Ok",
	// fence.tso and fence r,rw order an AMO (a load) before a later load;
	// fence w,r orders it as a store; fence w,w does not order it before
	// a load
	"SB+amoswap-fence.tsos":  "No",
	"SB+amoadd-fence.tsos":   "No",
	"SB+amoswap-fence.r.rws": "No",
	"SB+amoswap-fence.w.rs":  "No",
	"SB+amoswap-fence.w.ws":  "Ok",
	// sc is only a store: fence.tso leaves it unordered with the load
	"SB+lrsc-fence.tsos": "Ok",
	// .aq orders what follows, .rl only what precedes
	"SB+amoswap.aqs":   "No",
	"SB+amoswap.rls":   "Ok",
	"SB+amoswap.aqrls": "No",
	// AArch64: SWP's read and write are two events; a CAS is no branch,
	// a branch on its result is
	"MP+dmb+data-swp-addr": "Ok",
	"LB+data-swp-po+dmb":   "Ok",
	"LB+data-cas-po+dmb":   "Ok",
	"LB+cas-ctrl+dmb":      "No",
}

// amoModels are the built-in models and the suite's .cat files of each
// architecture of the tests.
var amoModels = map[string][2]string{"RISCV": {"riscv", "riscv.cat"}, "AArch64": {"arm8", "aarch64.cat"}}

func TestAMOVerdicts(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(litmusData, "verdicts", "amo", "*.litmus"))
	if len(files) != len(amoVerdicts) {
		t.Errorf("%d tests in testdata/verdicts/amo, %d verdicts", len(files), len(amoVerdicts))
	}
	sort.Strings(files)
	for _, file := range files {
		tt := parseFile(t, file)
		name := tt.Name
		want, ok := amoVerdicts[name]
		if !ok {
			t.Errorf("%s: no verdict", file)
			continue
		}
		pair, ok := amoModels[tt.Arch]
		if !ok {
			t.Fatalf("%s: no model for %s", file, tt.Arch)
		}
		models := []*memmodel.Model{builtinCat(t, pair[0])}
		if m, err := cat.LoadFile(filepath.Join(sharedSuites, "cat", pair[1])); err == nil {
			models = append(models, memmodel.FromCat(m))
		}
		for _, m := range models {
			r, err := Run(context.Background(), tt, Options{Mining: mining.Options{Model: m}})
			if err != nil {
				t.Fatalf("%s on %s: %v", name, m.Name(), err)
			}
			if got := holdsWord(r.Holds); got != want {
				t.Errorf("%s on %s: %s, want %s; states:\n%s", name, m.Name(), got, want, statesText(tt, r))
			}
		}
	}
}
