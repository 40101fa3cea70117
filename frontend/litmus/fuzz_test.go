package litmus

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
)

// FuzzParseLitmus checks that Parse never panics, that its errors are
// *diag.Error values with a position and never internal errors, and that
// every accepted test translates into a sane LSL program that prints and
// parses back and unrolls.
func FuzzParseLitmus(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*", "*.litmus"))
	if len(files) == 0 {
		f.Fatal("no seeds in testdata")
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	for _, s := range []string{
		"X86 t\n{ 0:EAX=x; }\n P0 ;\n MOV EBX,[EAX] ;\nforall (0:EBX=0)\n",
		"C t\n{}\nP0(int *x) { int r = *x > 0 ? READ_ONCE(*x) : -1; }\nfilter (x=0)\nexists (0:r=0)\n",
		"X86 t \"doc\" (* c *)\n{}\n P0 | P1 ;\n lock xadd [x],EAX | cmpxchg [x],EBX ;\nfinal (x=1); with tso: exists;\n<< show >>",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		tt, err := Parse("fuzz.litmus", src)
		if u, ok := IsUnsupported(err); ok {
			if u.Pos.File != "fuzz.litmus" || u.Reason == "" {
				t.Fatalf("unsupported without a position or reason: %v", err)
			}
			return
		}
		if err != nil {
			var le *diag.Error
			if !errors.As(err, &le) {
				t.Fatalf("error is not an *diag.Error: %T %v", err, err)
			}
			if strings.Contains(le.Msg, "internal error") {
				t.Fatalf("%v", err)
			}
			if le.Pos.File != "fuzz.litmus" {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		if err := lsl.Sanity(tt.Program); err != nil {
			t.Fatalf("translation fails the sanity check: %v\n%s", err, FormatLSL(tt))
		}
		text := lsl.Format(tt.Program, lsl.PrintOptions{})
		if _, err := lsl.Parse("fuzz.lsl", []byte(text)); err != nil {
			t.Fatalf("printed translation does not parse: %v\n%s", err, text)
		}
		if _, err := lsl.Unroll(tt.Program, mining.ThreadSpecs(tt.LSLTest), lsl.UnrollOptions{}); err != nil {
			t.Fatalf("translation does not unroll: %v\n%s", err, text)
		}
		_ = tt.Cond.String()
	})
}
