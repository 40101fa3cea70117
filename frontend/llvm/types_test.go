package llvmfront

import (
	"reflect"
	"testing"

	"github.com/llir/llvm/ir/types"
)

func TestLayout(t *testing.T) {
	node := types.NewStruct(types.NewPointer(types.I8), types.I32)
	node.TypeName = "struct.node"
	mixed := types.NewStruct(types.I8, types.I64, types.NewArray(3, types.I16), node)
	tests := []struct {
		typ  types.Type
		size int64
	}{
		{types.I1, 1}, {types.I8, 1}, {types.I32, 4}, {types.I64, 8},
		{types.NewPointer(types.I32), 8}, {types.NewArray(3, types.I32), 12},
		{node, 16}, {mixed, 40},
	}
	for _, tc := range tests {
		if n, ok := sizeOf(tc.typ); !ok || n != tc.size {
			t.Errorf("sizeOf(%s) = %d, %v; want %d", tc.typ, n, ok, tc.size)
		}
	}
	offs, _, _ := structLayout(mixed)
	if want := []int64{0, 8, 16, 24}; !reflect.DeepEqual(offs, want) {
		t.Errorf("offsets %v, want %v", offs, want)
	}
}

func TestPathAt(t *testing.T) {
	inner := types.NewStruct(types.I32, types.I32)
	outer := types.NewStruct(types.I32, inner, types.NewArray(2, types.I64))
	tests := []struct {
		off  int64
		path []int64
		ok   bool
	}{
		{0, nil, true},
		{4, []int64{1}, true},
		{8, []int64{1, 1}, true},
		{16, []int64{2}, true},
		{24, []int64{2, 1}, true},
		{2, nil, false},
		{12, nil, false}, // padding
	}
	for _, tc := range tests {
		path, _, ok := pathAt(outer, tc.off)
		if ok != tc.ok || ok && !reflect.DeepEqual(path, tc.path) {
			t.Errorf("pathAt(%d) = %v, %v; want %v, %v", tc.off, path, ok, tc.path, tc.ok)
		}
	}
}

func TestDescent(t *testing.T) {
	inner := types.NewStruct(types.NewPointer(types.I32), types.I32)
	outer := types.NewStruct(inner, types.I32)
	tests := []struct {
		obj, want types.Type
		d         int
		ok        bool
	}{
		{outer, outer, 0, true},
		{outer, inner, 1, true},
		{outer, types.I64, 2, true}, // any scalar: the first scalar cell
		{inner, outer, 0, false},
		{types.I32, types.I32, 0, true},
	}
	for _, tc := range tests {
		d, ok := descent(tc.obj, tc.want)
		if d != tc.d || ok != tc.ok {
			t.Errorf("descent(%s, %s) = %d, %v; want %d, %v", tc.obj, tc.want, d, ok, tc.d, tc.ok)
		}
	}
}

func TestOpaquePointerLine(t *testing.T) {
	tests := []struct {
		src  string
		line int
	}{
		{"define void @f(i32* %ptr) {\n  ret void\n}\n", 0},
		{"; ptr in a comment\n@s = constant [4 x i8] c\"ptr\\00\"\n", 0},
		{"%x = ptrtoint i32* @g to i64\n", 0},
		{"define void @f() {\n  %x = load i32, ptr @g\n}\n", 2},
		{"declare void @f(ptr)\n", 1},
	}
	for _, tc := range tests {
		if got := opaquePointerLine([]byte(tc.src)); got != tc.line {
			t.Errorf("opaquePointerLine(%q) = %d, want %d", tc.src, got, tc.line)
		}
	}
}
