package encode_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/frontend"
	_ "github.com/checkfence/checkfence/frontend/c" // registers .c
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
)

// Runtime errors are worded as a C programmer would: the failing C
// operation and the variable (or the expression it was read by) with its
// value, never the LSL operation and its operands.
func TestRuntimeErrorMessages(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"null dereference", `
struct node { struct node *next; int value; };
struct node *head;
void t(void) { struct node *next = head; lsl_observe_output("v", next->value); }`,
			"null dereference: `next` is 0"},
		{"null dereference through a loaded pointer", `
struct node { struct node *next; int value; };
struct node *head;
void t(void) { lsl_observe_output("v", head->next->value); }`,
			"null dereference: `head` is 0"},
		{"null pointer load", `
int *p;
void t(void) { lsl_observe_output("v", *p); }`,
			"null dereference: `p` is 0"},
		{"uninitialised pointer", `
struct node { struct node *next; int value; };
void t(void) { struct node *n = lsl_malloc_noreuse(sizeof(struct node)); struct node *m = n->next; m->value = 1; }`,
			"dereference of an uninitialised pointer: `m` is undefined"},
		{"division by zero", `
int zero;
void t(void) { int d = zero; lsl_observe_output("q", 10 / d); }`,
			"division by zero: `d` is 0"},
		{"remainder by zero", `
int zero;
void t(void) { int d = zero; lsl_observe_output("q", 10 % d); }`,
			"division by zero: `d` is 0"},
		{"comparison with an uninitialised value", `
void t(void) { int *m = lsl_malloc_noreuse(sizeof(int)); lsl_observe_output("z", *m == 0); }`,
			"comparison with an uninitialised value: `*m` is undefined"},
		{"comparison of a pointer with a number", `
int x;
void t(void) { int *p = &x; int n = 5; lsl_observe_output("z", p == (int *)n); }`,
			"comparison of a pointer with a nonzero number"},
		{"branch on an uninitialised value", `
void t(void) { int *m = lsl_malloc_noreuse(sizeof(int)); int v = *m; if (v) lsl_observe_output("z", 1); }`,
			"branch on an uninitialised value: `v` is undefined"},
		{"arithmetic on an uninitialised value", `
void t(void) { int *m = lsl_malloc_noreuse(sizeof(int)); lsl_observe_output("z", *m + 1); }`,
			"arithmetic on an uninitialised value: `*m` is undefined"},
		{"double free", `
void t(void) { int *p = lsl_malloc(sizeof(int)); lsl_free(p); lsl_free(p); }`,
			"free of a block that is not allocated (double free)"},
		{"free of a number", `
void t(void) { int *p = (int *)3; lsl_free(p); }`,
			"free of a value that is not a pointer: `p` is 3"},
	}
	sc, ok := memmodel.Builtin("sc")
	if !ok {
		t.Fatal("no sc model")
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "p.c")
			if err := os.WriteFile(path, []byte("#include <lsl_protos.h>\n"+c.src+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			prog, err := frontend.Load([]string{path})
			if err != nil {
				t.Fatal(err)
			}
			tf, err := lsl.ParseTests("p.tst", []byte("test T = ( t )\n"))
			if err != nil {
				t.Fatal(err)
			}
			r, err := mining.Check(context.Background(), prog, tf.Tests[0], mining.Options{Model: sc})
			if err != nil {
				t.Fatal(err)
			}
			if r.Verdict != mining.Fail || r.Trace == nil || r.Trace.Failure == nil {
				t.Fatalf("verdict %s (%s %s), want FAIL with a failure", r.Verdict, r.Reason, r.Message)
			}
			got := r.Trace.Failure.Msg
			t.Log(got)
			if !strings.HasPrefix(got, c.want) {
				t.Errorf("message %q, want %q", got, c.want)
			}
			for _, lslWord := range []string{"operand", "offset", "baseof", "undef,"} {
				if strings.Contains(got, lslWord) {
					t.Errorf("message %q uses the LSL word %q", got, lslWord)
				}
			}
		})
	}
}
