package lsl

import (
	"flag"
	"reflect"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/diag"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// zeroPositions clears every Pos inside v (a pointer to IR) in place.
func zeroPositions(v any) {
	zeroPos(reflect.ValueOf(v))
}

var posType = reflect.TypeOf(diag.Pos{})

func zeroPos(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			zeroPos(v.Elem())
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			zeroPos(v.Index(i))
		}
	case reflect.Struct:
		if v.Type() == posType {
			if v.CanSet() {
				v.Set(reflect.Zero(posType))
			}
			return
		}
		for i := 0; i < v.NumField(); i++ {
			zeroPos(v.Field(i))
		}
	}
}

// sameProgram reports whether a and b are structurally identical,
// optionally ignoring positions (it clears them in both).
func sameProgram(t *testing.T, a, b *Program, withPos bool) bool {
	t.Helper()
	if !withPos {
		zeroPositions(a)
		zeroPositions(b)
	}
	if reflect.DeepEqual(a, b) {
		return true
	}
	fa, fb := Format(a, PrintOptions{Positions: withPos}), Format(b, PrintOptions{Positions: withPos})
	if fa != fb {
		t.Errorf("programs differ:\n--- first\n%s\n--- second\n%s", fa, fb)
	} else {
		t.Errorf("programs print the same but differ structurally:\n%s", fa)
	}
	return false
}

func mustParse(t *testing.T, src string) *Program {
	t.Helper()
	p, err := Parse("t.lsl", []byte(src))
	if err != nil {
		t.Fatalf("Parse: %v\n%s", err, src)
	}
	return p
}

// trimLines removes the common leading tabs of a raw string literal so that
// expected outputs can be indented in the test source.
func trimLines(s string) string {
	s = strings.TrimPrefix(s, "\n")
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, "\t\t")
	}
	return strings.Join(lines, "\n")
}
