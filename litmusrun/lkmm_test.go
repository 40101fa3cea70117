package litmusrun

import (
	"context"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/frontend/litmus"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
)

// lkmmVerdicts are the Linux-kernel model's verdicts (does the condition
// hold?) for testdata/verdicts/lkmm, derived by hand from the model
// (Alglave et al., ASPLOS 2018; docs/models.md): the barriers, acquire and
// release, fully ordered and relaxed read-modify-writes, control
// dependencies (which end with their if), RCU grace periods and spinlocks.
var lkmmVerdicts = map[string]string{
	"MP+wmb+rmb":           "No",
	"MP+onces":             "Ok",
	"MP+release+acquire":   "No",
	"SB+mbs":               "No",
	"SB+xchgs":             "No", // xchg is fully ordered
	"SB+xchg_relaxeds":     "Ok",
	"SB+inc-after_atomics": "No",
	"SB+incs":              "Ok",
	"LB+ctrls":             "No",
	"LB+ctrl-postifs":      "Ok", // the store after the if is independent
	"MP+sync_rcu+rcu":      "No",
	"MP+po+rcu":            "Ok",
	"MP+nested-rcu":        "No",
	"lock-increments":      "No",
	"cmpxchg-fail":         "Ok", // a failed cmpxchg orders nothing
}

func TestLKMMVerdicts(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(litmusData, "verdicts", "lkmm", "*.litmus"))
	if len(files) != len(lkmmVerdicts) {
		t.Errorf("%d tests in testdata/verdicts/lkmm, %d verdicts", len(files), len(lkmmVerdicts))
	}
	sort.Strings(files)
	models := []*memmodel.Model{builtinCat(t, "lkmm")}
	if m, err := cat.LoadFile(filepath.Join(sharedSuites, "cat", "linux-kernel.cat")); err == nil {
		models = append(models, memmodel.FromCat(m))
	}
	for _, file := range files {
		tt := parseFile(t, file)
		want, ok := lkmmVerdicts[tt.Name]
		if !ok {
			t.Errorf("%s: no verdict", file)
			continue
		}
		for _, m := range models {
			for _, verdictOnly := range []bool{false, true} {
				r, err := Run(context.Background(), tt, Options{Mining: mining.Options{Model: m}, VerdictOnly: verdictOnly})
				if err != nil {
					t.Fatalf("%s on %s: %v", tt.Name, m.Name(), err)
				}
				if got := holdsWord(r.Holds); got != want {
					t.Errorf("%s on %s (verdict only %v): %s, want %s", tt.Name, m.Name(), verdictOnly, got, want)
				}
			}
		}
	}
}

// TestKernelDialect: kernel primitives are refused, not read as C11, on a
// C11 model; spinlocks and RCU need a Linux-kernel model; a .mm model
// checks the compiled code; C11 atomics are refused on a kernel model;
// synchronize_srcu is counted apart.
func TestKernelDialect(t *testing.T) {
	lk := builtinCat(t, "lkmm")
	for _, tc := range []struct {
		file   string
		model  mining.Options
		reason string // "" when it runs
	}{
		{"verdicts/lkmm/SB+mbs.litmus", mining.Options{Model: builtinCat(t, "rc11")}, litmus.ReasonKernelModel},
		{"verdicts/lkmm/SB+mbs.litmus", mining.Options{Model: builtin(t, "tso")}, ""},
		{"verdicts/lkmm/SB+mbs.litmus", mining.Options{Model: builtinCat(t, "arm8")}, ""},
		{"verdicts/lkmm/MP+sync_rcu+rcu.litmus", mining.Options{Model: builtin(t, "tso")}, litmus.ReasonKernelModel},
		{"verdicts/lkmm/lock-increments.litmus", mining.Options{Model: builtinCat(t, "arm8")}, litmus.ReasonKernelModel},
		{"c11/MP+rel+acq.litmus", mining.Options{Model: lk}, litmus.ReasonDialects},
	} {
		tt := parseFile(t, filepath.Join(litmusData, tc.file))
		_, err := Run(context.Background(), tt, Options{Mining: tc.model, VerdictOnly: true})
		u, unsupported := litmus.IsUnsupported(err)
		switch {
		case tc.reason == "" && err != nil:
			t.Errorf("%s: %v", tc.file, err)
		case tc.reason != "" && (!unsupported || u.Reason != tc.reason):
			t.Errorf("%s: %v, want unsupported (%s)", tc.file, err, tc.reason)
		}
	}
	src := "C srcu\n{}\nP0(int *x, struct srcu_struct *s) { WRITE_ONCE(*x, 1); synchronize_srcu(s); }\nexists (x=1)\n"
	_, err := litmus.Parse("srcu.litmus", []byte(src))
	if u, ok := litmus.IsUnsupported(err); !ok || u.Reason != litmus.ReasonSRCUSync {
		t.Errorf("synchronize_srcu: %v, want unsupported (%s)", err, litmus.ReasonSRCUSync)
	}
	if strings.Contains(lk.Name(), "/") {
		t.Errorf("built-in lkmm named %q", lk.Name())
	}
}
