package cfront

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	cc "modernc.org/cc/v4"
)

// plainWalk is walkNodes without the per-type field cache and the list of
// a unit's nodes: every exported
// field that is not a token is looked up by reflection and visited if its
// value is a node. walkNodes must visit the same nodes in the same order.
func plainWalk(n cc.Node, f func(cc.Node) bool) {
	if n == nil {
		return
	}
	v := reflect.ValueOf(n)
	if v.Kind() == reflect.Pointer && v.IsNil() {
		return
	}
	if !f(n) {
		return
	}
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return
	}
	v = v.Elem()
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		if !sf.IsExported() || sf.Type == tokenType {
			continue
		}
		fv := v.Field(i)
		if (fv.Kind() == reflect.Pointer || fv.Kind() == reflect.Interface) && fv.IsNil() {
			continue
		}
		if c, ok := fv.Interface().(cc.Node); ok {
			plainWalk(c, f)
		}
	}
}

func TestWalkNodesMatchesPlainWalk(t *testing.T) {
	var files []string
	for _, pat := range []string{"testdata/golden/*.c", "testdata/sem/*.c", "../../tests/datatypes/*/*.c"} {
		m, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 20 {
		t.Fatalf("found only %d C files", len(files))
	}
	for _, name := range files {
		t.Run(name, func(t *testing.T) {
			text, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			ast, err := parseUnit(Source{Name: name, Text: text}, &sourceFS{mem: map[string][]byte{name: text}})
			if err != nil {
				t.Skipf("not a translation unit on its own: %v", err)
			}
			// Skipping the children of every third node checks that a
			// false result prunes the same subtrees.
			visit := func(out *[]cc.Node) func(cc.Node) bool {
				return func(n cc.Node) bool {
					*out = append(*out, n)
					return len(*out)%3 != 0
				}
			}
			// walkNodes goes down the list parseUnit's prechecks made
			// before type checking (flatUnit), walkTree by reflection
			// (subtrees); both must match the plain walk after it.
			for _, c := range []struct {
				prune bool
				walk  func(cc.Node, func(cc.Node) bool)
			}{{false, walkNodes}, {true, walkNodes}, {false, walkTree}, {true, walkTree}} {
				prune := c.prune
				var got, want []cc.Node
				if prune {
					c.walk(ast.TranslationUnit, visit(&got))
					plainWalk(ast.TranslationUnit, visit(&want))
				} else {
					c.walk(ast.TranslationUnit, func(n cc.Node) bool { got = append(got, n); return true })
					plainWalk(ast.TranslationUnit, func(n cc.Node) bool { want = append(want, n); return true })
				}
				if len(want) < 10 {
					t.Fatalf("plain walk visited only %d nodes", len(want))
				}
				if len(got) != len(want) {
					t.Fatalf("prune=%v: walkNodes visited %d nodes, the plain walk %d", prune, len(got), len(want))
				}
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("prune=%v: node %d differs: %T vs %T", prune, i, got[i], want[i])
					}
				}
			}
		})
	}
}
