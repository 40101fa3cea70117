package llvmfront

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
)

// FuzzTranslate feeds arbitrary text to the parser and the lowering: the
// answer is a program or an input error, never a panic or a hang.
func FuzzTranslate(f *testing.F) {
	files, _ := filepath.Glob("testdata/golden/*.ll")
	opaque, _ := filepath.Glob("testdata/golden/opaque/*.ll")
	for _, file := range append(files, opaque...) {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("define void @f(ptr %p) {\n  ret void\n}\n"))
	f.Add([]byte("define i32 @f(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n"))
	f.Add([]byte("@g = global [2 x i32] zeroinitializer\ndefine void @f() {\n  store i32 1, i32* getelementptr ([2 x i32], [2 x i32]* @g, i64 0, i64 1)\n  ret void\n}\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := TranslateSources([]Source{{Name: "fuzz.ll", Text: src}})
		if err != nil {
			if !diag.IsInputError(err) {
				t.Fatalf("error is not an input error: %v", err)
			}
			return
		}
		if err := lsl.Sanity(p); err != nil {
			t.Fatalf("translation violates LSL invariants: %v", err)
		}
	})
}
