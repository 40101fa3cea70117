package tests

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// <stdatomic.h> in the built-in C front end (frontend/c/c11atomic.go):
// the programs of tests/c11front, read by it and by clang with the LLVM
// front end, must be C11 programs with the same verdicts on every model.
// Each row is also what the program must give (R: a data race, P: pass),
// so that both front ends being wrong alike shows too.

var c11FrontModels = []string{"sc", "tso", "relaxed", "arm8", "rc11"}

var c11FrontTable = map[string]string{
	//                      sc tso relaxed arm8 rc11
	"mp_rlx.c/T0":      "RRRRR",
	"mp_ra.c/T0":       "PPPPP",
	"mp_fences.c/T0":   "PPPPP",
	"mp_fences.c/T1":   "PPPPP", // consume is acquire
	"sb_guarded.c/T0":  "PRRRR", // a race only store buffering shows
	"sb_guarded.c/T1":  "PPPPP", // seq_cst (plain accesses of an atomic object included)
	"counter.c/T0":     "PPPPP",
	"counter.c/T1":     "PPPPP",
	"treiber.c/T0":     "PPPPP",
	"treiber.c/T1":     "PPPPP",
	"treiber.c/T2":     "RRRRR", // pop reads top relaxed
	"mp_cas_fail.c/T0": "RRRRR", // a failed CAS reads relaxed
	"mp_cas_fail.c/T1": "PPPPP",
}

func TestStdatomicFrontEnds(t *testing.T) {
	needClang(t)
	files, _ := filepath.Glob(filepath.Join("c11front", "*.c"))
	rows := 0
	for _, file := range files {
		tst := strings.TrimSuffix(file, ".c") + ".tst"
		cprog, ctf := load(t, tst, file)
		if !mining.C11Semantics(cprog) {
			t.Errorf("%s: the C front end did not make a C11 program", file)
		}
		lprog := loadClang(t, nil, file)
		ltf := loadTests(t, lprog, tst)
		for i, test := range ctf.Tests {
			key := filepath.Base(file) + "/" + test.Name
			want, ok := c11FrontTable[key]
			if !ok {
				t.Errorf("%s: no row", key)
				continue
			}
			rows++
			for j, m := range c11FrontModels {
				opt := modelOptions(t, m)
				opt.Races = mining.RacesFail
				got := [2]string{}
				for k, r := range []*mining.Result{check(t, cprog, test, opt), check(t, lprog, ltf.Tests[i], opt)} {
					got[k] = string(r.Verdict)
					if r.Verdict == F && r.Reason == mining.ReasonDataRace {
						got[k] = "R"
					} else if r.Verdict == P {
						got[k] = "P"
					}
					if err := r.CheckCounterexample(); err != nil {
						t.Errorf("%s on %s: %v", key, m, err)
					}
				}
				if got[0] != got[1] || got[0] != want[j:j+1] {
					t.Errorf("%s on %s: C front end %s, clang %s, want %s", key, m, got[0], got[1], want[j:j+1])
				}
			}
		}
	}
	if rows != len(c11FrontTable) {
		keys := make([]string, 0, len(c11FrontTable))
		for k := range c11FrontTable {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		t.Errorf("%d of the %d rows ran: %v", rows, len(c11FrontTable), keys)
	}
}
