package cfront

import (
	"errors"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/lsl"
)

// TestArrayBounds: indexing an array object of known size is checked
// (bounds.go); taking the address one past the end is not an error, and
// indexing through a pointer is not checked.
func TestArrayBounds(t *testing.T) {
	cases := []struct {
		name, body string
		want       string // substring of the runtime error, "" for none
	}{
		{"in range", "int a[2]; int i = 1; a[i] = 3; return a[1];", ""},
		{"variable past end", "int a[2]; int i = 2; a[i] = 3; return 0;", "out-of-bounds index: `a[i]` with `i` outside 0..1 (a has 2 elements)"},
		{"negative", "int a[2]; int i = -1; return a[i];", "out-of-bounds index: `a[i]`"},
		{"constant past end", "int a[2]; a[2] = 1; return 0;", "out-of-bounds index: `a[2]` (a has 2 elements)"},
		{"global", "int i = 3; return G[i];", "(G has 3 elements)"},
		{"global last", "int i = 2; return G[i] + 1;", ""},
		{"one past the end", "int a[2]; int *p = &a[2]; return p == &a[2];", ""},
		{"address two past", "int a[2]; int i = 3; int *p = &a[i]; return 0;", "`i` outside 0..2"},
		{"inner dimension", "int m[2][3]; int j = 3; m[1][j] = 0; return 0;", "out-of-bounds index: `m[1][j]` with `j` outside 0..2 (m[1] has 3 elements)"},
		{"outer dimension", "int m[2][3]; int i = 2; m[i][0] = 0; return 0;", "(m has 2 elements)"},
		{"struct field array", "struct s { int v[2]; } x; int i = 2; x.v[i] = 0; return 0;", "(x.v has 2 elements)"},
		{"through a pointer", "int a[2]; int *p = a; int i = 1; p[i] = 1; return 0;", ""},
		// a zero-length array (GNU C) has no element to index
		{"zero-length", "int a[0]; a[0] = 1; return 0;", "out-of-bounds index: `a[0]` (a has 0 elements)"},
		{"zero-length variable", "int a[0]; int i = 0; return a[i];", "out-of-bounds index: `a[i]` (a has 0 elements)"},
		{"zero-length address", "int a[0]; int *p = &a[0]; return p == &a[0];", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := mustTranslate(t, cSource("int G[3];\nint f(void) { "+tc.body+" }\n"))
			_, err := lsl.Run(p, "f", nil, lsl.InterpOptions{})
			var ie *lsl.InterpError
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tc.want != "" && !errors.As(err, &ie):
				t.Fatalf("got %v, want a runtime error %q", err, tc.want)
			case tc.want != "" && !strings.Contains(err.Error(), tc.want):
				t.Fatalf("got %q, want %q", err.Error(), tc.want)
			}
		})
	}
}
