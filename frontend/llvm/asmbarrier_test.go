package llvmfront

import (
	"strings"
	"testing"

	"github.com/checkfence/checkfence/lsl"
)

// TestAsmBarrier: inline assembly that is one barrier instruction (as
// fences --insert --diff writes it) becomes the barrier's fences: its tag
// for cat models, its .mm kinds; other assembly stays an error
// (TestErrors).
func TestAsmBarrier(t *testing.T) {
	for _, tc := range []struct{ asm, want string }{
		{"dmb ish", "fence full<DMB.ISH>"},
		{"dmb ishld", "fence load-load<DMB.ISHLD> fence load-store<mm-only>"},
		{"fence rw,rw", "fence full<Fence.rw.rw>"},
		{"lwsync", "fence load-load<lwsync> fence load-store<mm-only> fence store-store<mm-only>"},
	} {
		src := "define void @f() {\n  call void asm sideeffect \"" + tc.asm + "\", \"~{memory}\"()\n  ret void\n}\n"
		prog, err := translateText(t, src)
		if err != nil {
			t.Fatalf("%s: %v", tc.asm, err)
		}
		var got []string
		lsl.Walk(prog.Proc("f").Body, func(s lsl.Stmt) bool {
			if f, ok := s.(*lsl.Fence); ok {
				got = append(got, "fence "+f.Kind.String()+lsl.FormatTags(f.Tags))
			}
			return true
		})
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%s: %q, want %q", tc.asm, strings.Join(got, " "), tc.want)
		}
	}
}
