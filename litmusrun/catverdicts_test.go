package litmusrun

import (
	"context"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// catVerdicts are the verdicts of the cat-model tests in testdata (and
// some C tests) on the built-in cat models, derived by hand: does the
// condition hold? A "+racy" suffix: the model's racy flag fires.
var catVerdicts = map[string]map[string]string{
	"aarch64/MP+dmb+addr.litmus":  {"arm8": "No"},
	"aarch64/MP+rel+acq.litmus":   {"arm8": "No"},
	"aarch64/LB+excl+ctrl.litmus": {"arm8": "Ok"}, // the STXR's status is no dependency
	// mixed-size: the halves of a 64-bit store are read by two loads
	// that nothing orders, unless a barrier does (the store is seen whole:
	// obs; si)
	"aarch64/MP+halves.litmus":        {"arm8": "Ok"},
	"aarch64/MP+halves+dmb.litmus":    {"arm8": "No"},
	"aarch64/CoRR+tear.litmus":        {"arm8": "No"}, // single-copy atomic
	"aarch64/bytes.litmus":            {"arm8": "Ok"}, // little-endian bytes of a word
	"aarch64/widths.litmus":           {"arm8": "Ok"}, // W wraps and zero-extends
	"aarch64/MP+dmb+ctrlisb-w.litmus": {"arm8": "No"}, // the W compare keeps the dependency
	// the halfword store across bytes 3 and 4 is one instance, the byte
	// read at a computed offset depends on the first read
	"aarch64/MP+misaligned+addr.litmus": {"arm8": "No"},
	"riscv/MP+rl+aq.litmus":             {"riscv": "No"},
	"riscv/SB+amo+lrsc.litmus":          {"riscv": "No"}, // an .aq.rl AMO orders like a fence
	"riscv/LB+ctrls.litmus":             {"riscv": "No"},
	"ppc/MP+lwsyncs.litmus":             {"power": "No"},
	"ppc/IRIW+lwsyncs.litmus":           {"power": "Ok"}, // not multi-copy atomic
	"ppc/MP+sync+ctrlisync.litmus":      {"power": "No"},
	// IRIW with acquire loads: allowed by RC11, not by SC
	"c11/IRIW+acq.litmus": {"rc11": "Ok", "sc-cat": "No"},
	// message passing with release/acquire is forbidden everywhere
	"c11/MP+rel+acq.litmus": {"rc11": "No", "sc-cat": "No", "tso-cat": "No"},
	"c/MP+rel+acq.litmus":   {"rc11": "No", "sc-cat": "No"},
	// with a relaxed flag the plain accesses race: rc11's own flag, and
	// the program-level check on sc-cat, which has no flags (race.go)
	"c11/MP+rlx+race.litmus": {"rc11": "Ok+racy", "sc-cat": "No+racy"},
	"c11/SB+fences.litmus":   {"rc11": "No", "sc-cat": "No"},
	// the Linux-kernel model: READ_ONCE/WRITE_ONCE do not order
	"c/SB.litmus": {"lkmm": "Ok", "sc-cat": "No"},
}

func TestCatVerdicts(t *testing.T) {
	var keys []string
	for k := range catVerdicts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, key := range keys {
		tt := parseFile(t, filepath.Join(litmusData, filepath.FromSlash(key)))
		for model, want := range catVerdicts[key] {
			r, err := Run(context.Background(), tt, Options{Mining: mining.Options{Model: builtinCat(t, model)}})
			if err != nil {
				t.Fatalf("%s on %s: %v", key, model, err)
			}
			got := holdsWord(r.Holds)
			if len(r.Flags) > 0 {
				got += "+" + strings.Join(r.Flags, "+")
			}
			if got != want {
				t.Errorf("%s on %s: %s, want %s; states:\n%s", key, model, got, want, statesText(tt, r))
			}
		}
	}
	files, _ := filepath.Glob(filepath.Join(litmusData, "*", "*.litmus"))
	for _, f := range files {
		key := filepath.ToSlash(strings.TrimPrefix(f, litmusData+string(filepath.Separator)))
		if _, ok := goldenModels[strings.Split(key, "/")[0]]; ok && catVerdicts[key] == nil {
			t.Errorf("%s: no verdict", key)
		}
	}
}

func holdsWord(b bool) string {
	if b {
		return "Ok"
	}
	return "No"
}
