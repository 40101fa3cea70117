package litmusrun

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/frontend/litmus"
	"github.com/checkfence/checkfence/mining"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// goldenModels gives the cat model of each testdata directory; the others
// run on tso.
var goldenModels = map[string]string{"aarch64": "arm8", "riscv": "riscv", "ppc": "power", "c11": "rc11"}

// TestGolden pins the LSL translation of every test in testdata and its
// herd-style result on tso or its directory's cat model (without
// witness: which execution the solver picks is not part of the contract).
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(litmusData, "*", "*.litmus"))
	for _, file := range files {
		tt := parseFile(t, file)
		opt := mining.Options{Model: builtin(t, "tso")}
		if name, ok := goldenModels[filepath.Base(filepath.Dir(file))]; ok {
			opt = mining.Options{Model: builtinCat(t, name)}
		}
		r, err := Run(context.Background(), tt, Options{Mining: opt})
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		WriteResult(&out, r)
		got := litmus.FormatLSL(tt) + "\n" + out.String()
		rel, _ := filepath.Rel(litmusData, file)
		golden := filepath.Join("testdata", "golden", strings.ReplaceAll(strings.TrimSuffix(rel, ".litmus"), string(filepath.Separator), "-")+".golden")
		if *update {
			if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run go test -update)", err)
		}
		if got != string(want) {
			t.Errorf("%s differs from %s:\n%s", file, golden, got)
		}
	}
}
