package llvmfront

import (
	"strings"
	"testing"

	"github.com/checkfence/checkfence/lsl"
)

// Signed overflow checks appear only with Options.SignedOverflow, only on
// signed (nsw) arithmetic and signed division, and a 64-bit multiplication
// is marked unchecked.
func TestOverflowChecks(t *testing.T) {
	tests := []struct {
		name, inst string
		want       string // "" for no check
	}{
		{"add nsw", "%r = add nsw i32 %a, %b", OverflowMsg + ": the addition does not fit in 32 bits"},
		{"sub nsw", "%r = sub nsw i32 %a, %b", OverflowMsg + ": the subtraction does not fit in 32 bits"},
		{"mul nsw", "%r = mul nsw i32 %a, %b", OverflowMsg + ": the multiplication does not fit in 32 bits"},
		{"sdiv", "%r = sdiv i32 %a, %b", OverflowMsg + ": the division does not fit in 32 bits"},
		{"add nsw i64", "%r = add nsw i64 %a, %b", OverflowMsg + ": the addition does not fit in 64 bits"},
		{"mul nsw i64", "%r = mul nsw i64 %a, %b", OverflowUncheckedMsg},
		{"unsigned add", "%r = add i32 %a, %b", ""},
		{"udiv", "%r = udiv i32 %a, %b", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ty := "i32"
			if strings.Contains(tc.inst, "i64") {
				ty = "i64"
			}
			src := "define " + ty + " @f(" + ty + " %a, " + ty + " %b) {\n  " + tc.inst + "\n  ret " + ty + " %r\n}\n"
			for _, on := range []bool{false, true} {
				prog, err := translateSources([]Source{{Name: "in.ll", Text: []byte(src)}}, Options{SignedOverflow: on}, false)
				if err != nil {
					t.Fatal(err)
				}
				text := lsl.FormatStmt(prog.Proc("f").Body, prog)
				has := tc.want != "" && strings.Contains(text, tc.want)
				if want := on && tc.want != ""; has != want || (!on && strings.Contains(text, "overflow")) {
					t.Errorf("SignedOverflow %v: check %v, want %v:\n%s", on, has, want, text)
				}
				if on && prog.IntWidth < 64 {
					t.Errorf("IntWidth %d with the checks on, want 64", prog.IntWidth)
				}
			}
		})
	}
}
