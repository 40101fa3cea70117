package scanf

import (
	"reflect"
	"testing"
)

// Run against what C's sscanf returns for these (glibc).
func TestRun(t *testing.T) {
	tests := []struct {
		input, format string
		vals          []int64
		ret           int
	}{
		{"1", "%d", []int64{1}, 1},
		{"  -42 7", "%d %d", []int64{-42, 7}, 2},
		{"12abc", "%d%d", []int64{12}, 1},
		{"", "%d", nil, -1},
		{"   ", "%d", nil, -1},
		{"x", "%d", nil, 0},
		{"3,4", "%d,%d", []int64{3, 4}, 2},
		{"3;4", "%d,%d", []int64{3}, 1},
		{"0x1f 017 10", "%i %i %i", []int64{31, 15, 10}, 3},
		{"ff", "%x", []int64{255}, 1},
		{"200", "%hhu", []int64{-56}, 1}, // unsigned char 200: its bit pattern
		{"70000", "%hd", []int64{70000 - 65536}, 1},
		{"12345", "%3d%d", []int64{123, 45}, 2},
		{"a b", "%c %c", []int64{'a', 'b'}, 2},
		{"5 6", "%*d %d", []int64{6}, 1},
		{"50%", "%d%%", []int64{50}, 1},
		{"-1", "%u", []int64{-1}, 1},
	}
	for _, tc := range tests {
		vals, ret, err := Run(tc.input, tc.format, 64)
		if err != nil {
			t.Errorf("Run(%q, %q): %v", tc.input, tc.format, err)
			continue
		}
		if ret != tc.ret || !reflect.DeepEqual(vals, tc.vals) {
			t.Errorf("Run(%q, %q) = %v, %d, want %v, %d", tc.input, tc.format, vals, ret, tc.vals, tc.ret)
		}
	}
}

func TestParse(t *testing.T) {
	convs, err := Parse("%d %ld %hhx %*u %c %lld", 32)
	if err != nil {
		t.Fatal(err)
	}
	var bits []int
	for _, c := range convs {
		bits = append(bits, c.Bits)
	}
	if want := []int{32, 32, 8, 8, 64}; !reflect.DeepEqual(bits, want) {
		t.Errorf("bits %v, want %v", bits, want)
	}
	for _, bad := range []string{"%s", "%f", "%[a-z]", "%n", "%5c", "%d %"} {
		if _, err := Parse(bad, 64); err == nil {
			t.Errorf("Parse(%q): no error", bad)
		}
	}
}
