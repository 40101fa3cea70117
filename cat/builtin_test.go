package cat

import "testing"

// TestBuiltinsCompile: every built-in model compiles (they are compiled
// only when asked for, so nothing else guarantees it), and stdlib is not a
// model.
func TestBuiltinsCompile(t *testing.T) {
	names := BuiltinNames()
	if len(names) == 0 {
		t.Fatal("no built-in cat models")
	}
	for _, name := range names {
		if m, ok := Builtin(name); !ok || m == nil {
			t.Errorf("built-in %s: not found", name)
		}
	}
	if _, ok := Builtin("stdlib"); ok {
		t.Error("stdlib is listed as a model")
	}
	if _, ok := Builtin("no-such-model"); ok {
		t.Error("an unknown name is a model")
	}
}
