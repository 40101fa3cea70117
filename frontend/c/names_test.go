package cfront

import "testing"

// TestKeywordNames: C names that are words of the LSL text syntax still
// give a program that prints and parses back (mustTranslate checks it).
func TestKeywordNames(t *testing.T) {
	p := mustTranslate(t, cSource(`
int load(int x) { return x; }
int store, undef, proc;
struct call { int fence, loc, as; } global;
typedef struct { int ptr, marked; } composite;
composite lsl_make_composite(int ptr, int marked);
void spin(void) { int atomic = load(store); global.fence = atomic; goto free; free: ; }
void choose(int alloc, int observe) { int assert = alloc + observe; store = assert; }
`))
	for _, name := range []string{"load", "spin", "choose"} {
		if p.Proc(name) == nil {
			t.Errorf("procedure %s missing", name)
		}
	}
	if p.Struct("call") == nil || p.Composite("composite") == nil || p.Global("global") == nil {
		t.Error("declarations missing")
	}
}
