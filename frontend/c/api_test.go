package cfront

import (
	"errors"
	"testing"

	"github.com/checkfence/checkfence/lsl"
)

// TestAPISemantics runs single-threaded programs that use the checkfence
// API with the LSL interpreter. The expected values follow from the
// semantics in SPEC §3 (worked out by hand in the comments).
func TestAPISemantics(t *testing.T) {
	const hdr = "#include <checkfence.h>\n#include <stdlib.h>\n#include <assert.h>\n"
	tests := []struct {
		name string
		src  string
		opt  lsl.InterpOptions
		want int64 // the result of test(), when fail is empty
		fail lsl.InterpFailure
		msg  string // the failure message
		line int    // the failure line (in src, after the header lines)
	}{
		{name: "cas", src: `
int x = 5;
int test(void) {
    int r = lsl_cas_32(&x, 5, 7);      /* 1, x = 7 */
    r = r * 10 + lsl_cas_32(&x, 5, 9); /* 0 */
    return r * 10 + x;                 /* 107 */
}`, want: 107},
		{name: "cas pointer", src: `
int a, b;
int *p = &a;
int test(void) {
    int ok = lsl_cas_ptr(&p, &a, &b);  /* p = &b */
    *p = 4;
    return ok * 100 + a * 10 + b;      /* 104 */
}`, want: 104},
		{name: "dcas", src: `
int x = 1, y = 2;
int test(void) {
    int r = lsl_dcas_32(&x, &y, 1, 3, 8, 9);  /* y != 3: fails */
    r = r * 10 + lsl_dcas_32(&x, &y, 1, 2, 8, 9);
    return r * 100 + x * 10 + y;              /* 189 */
}`, want: 189},
		{name: "lock", src: `
lsl_lock_t l;
int test(void) {
    int held;
    lsl_initlock(&l);
    lsl_lock(&l);
    held = l;
    lsl_unlock(&l);
    return held * 10 + l;              /* 10 */
}`, want: 10},
		{name: "unlock not held", src: `
lsl_lock_t l;
int test(void) {
    lsl_unlock(&l);
    return 0;
}`, fail: lsl.InterpAssertion, msg: "unlock of a lock that is not held", line: 4},
		{name: "double lock deadlocks", src: `
lsl_lock_t l;
int test(void) {
    lsl_lock(&l);
    lsl_lock(&l);
    return 0;
}`, fail: lsl.InterpDeadlock, line: 5},
		{name: "spin loop exits", src: `
int flag = 1;
int test(void) {
    while (flag == 0)
        ;
    return flag;
}`, want: 1},
		{name: "spin loop deadlocks", src: `
int flag;
int test(void) {
    do { } while (flag == 0);
    return flag;
}`, fail: lsl.InterpDeadlock, line: 4},
		{name: "packed words", src: `
typedef struct { int *ptr; int count; } cptr_t;
cptr_t lsl_make_cptr(int *ptr, int count);
int *lsl_get_cptr_ptr(cptr_t c);
int lsl_get_cptr_count(cptr_t c);
cptr_t lsl_set_cptr_count(cptr_t c, int count) { return c; }
cptr_t w;
int v = 6;
int test(void) {
    cptr_t c = lsl_make_cptr(&v, 1);
    w = lsl_set_cptr_count(c, lsl_get_cptr_count(c) + 1);
    int ok = lsl_cas_64(&w, lsl_make_cptr(&v, 2), lsl_make_cptr(0, 3));
    return ok * 100 + lsl_get_cptr_count(w) * 10 + (lsl_get_cptr_ptr(w) == 0); /* 131 */
}`, want: 131},
		{name: "nondet choose", src: `
int test(void) { return lsl_nondet(2, 5) * 10 + lsl_choose(); }`,
			opt: lsl.InterpOptions{Choose: func(lo, hi int64) int64 { return hi }}, want: 51},
		{name: "thread functions", src: `
int test(void) { return lsl_get_thread_id() * 10 + lsl_get_number_threads(); }`,
			opt: lsl.InterpOptions{ThreadID: 2, NumThreads: 3}, want: 23},
		{name: "lsl_assert fails", src: `
int x = 1;
int test(void) {
    assert(x == 1);
    lsl_assert(x == 2);
    return 0;
}`, fail: lsl.InterpAssertion, msg: "x == 2", line: 5},
		{name: "assert fails", src: `
int *p;
int test(void) {
    lsl_assert(1);
    assert(p &&
           *p > 0);
    return 0;
}`, fail: lsl.InterpAssertion, msg: "p && *p > 0", line: 5},
		{name: "NDEBUG", src: `
#define NDEBUG
#include <assert.h>
int test(void) { assert(0); return 7; }`, want: 7},
		{name: "assume", src: `
int test(void) { lsl_assume(lsl_choose()); return 1; }`, fail: lsl.InterpAssume, line: 2},
		{name: "null dereference", src: `
struct node { struct node *next; };
struct node *head;
int test(void) {
    return head->next != 0;
}`, fail: lsl.InterpRuntime, msg: "offset on a number operand", line: 5},
		{name: "null load", src: `
int *p;
int test(void) {
    return *p;
}`, fail: lsl.InterpRuntime, msg: "load through the null pointer", line: 4},
		{name: "double free", src: `
int test(void) {
    int *p = malloc(sizeof(int));
    free(p);
    free(p);
    return 0;
}`, fail: lsl.InterpRuntime, msg: "free of a block that is not allocated (double free)", line: 5},
		{name: "fresh blocks", src: `
int test(void) {
    int *p = lsl_malloc_noreuse(sizeof(int));
    int *q = lsl_malloc_noreuse(sizeof(int));
    *p = 1;
    *q = 2;
    lsl_free_noreuse(p);
    return (p != q) * 100 + *p * 10 + *q;   /* 112 */
}`, want: 112},
		{name: "uninitialized heap", src: `
int test(void) {
    int *p = malloc(sizeof(int));
    return *p == 0;
}`, fail: lsl.InterpRuntime, msg: "comparison with undefined value", line: 4},
		{name: "struct pointer", src: `
struct inner { int a, b; };
struct elem { int key; struct inner in; } e;
int test(void) {
    int *pb = &e.in.b;
    struct inner *pi = lsl_get_struct_pointer(struct inner, b, pb);
    struct elem *pe = lsl_get_struct_pointer(struct elem, in, pi);
    struct elem *pe2 = lsl_get_struct_pointer(struct elem, in.b, pb);
    pe->key = 4;
    return (pe == &e) * 100 + (pe2 == pe) * 10 + e.key;   /* 114 */
}`, want: 114},
		{name: "pointer arithmetic on a single object", src: `
int test(void) {
    int *p = malloc(sizeof(int));
    int *q = p;
    q++;
    return 0;
}`, fail: lsl.InterpRuntime, msg: "getbase of a pointer without offsets", line: 5},
		{name: "abort", src: `
int test(void) { abort(); return 1; }`, fail: lsl.InterpRuntime, msg: "abort()", line: 2},
		{name: "observations", src: `
int test(void) {
    lsl_observe_label("op");
    lsl_observe_input("in", 4);
    lsl_observe_output("out", 5);
    return 0;
}`, want: 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustTranslate(t, cSource(hdr+tc.src))
			res, err := lsl.Run(p, "test", nil, tc.opt)
			if tc.fail == "" {
				if err != nil {
					t.Fatalf("run: %v", err)
				}
				if got := res.Results[0]; !got.Equal(lsl.Num(tc.want)) {
					t.Errorf("test() = %v, want %d", got, tc.want)
				}
				return
			}
			var ie *lsl.InterpError
			if !errors.As(err, &ie) {
				t.Fatalf("got %v, want a %s failure", err, tc.fail)
			}
			line := tc.line + 3 // the header has three lines
			if ie.Kind != tc.fail || (tc.msg != "" && ie.Msg != tc.msg) || ie.Pos.Line != line || ie.Pos.File != "test.c" {
				t.Errorf("got %s %q at %s, want %s %q at line %d", ie.Kind, ie.Msg, ie.Pos, tc.fail, tc.msg, line)
			}
		})
	}
}

// TestObservationsRecorded checks the observe statements in detail.
func TestObservationsRecorded(t *testing.T) {
	p := mustTranslate(t, cSource(`#include <checkfence.h>
int x = 3;
void op(void) {
    lsl_observe_label("enqueue");
    lsl_observe_input("value", x);
    lsl_observe_output("ok", x == 3);
}`))
	res, err := lsl.Run(p, "op", nil, lsl.InterpOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := []lsl.Observation{
		{Kind: lsl.ObsLabel, Name: "enqueue", Val: lsl.Undef},
		{Kind: lsl.ObsInput, Name: "value", Val: lsl.Num(3)},
		{Kind: lsl.ObsOutput, Name: "ok", Val: lsl.Num(1)},
	}
	if len(res.Observations) != len(want) {
		t.Fatalf("observations %+v", res.Observations)
	}
	for i, w := range want {
		o := res.Observations[i]
		if o.Kind != w.Kind || o.Name != w.Name || !o.Val.Equal(w.Val) || o.Pos.Line != i+4 {
			t.Errorf("observation %d = %+v, want %+v at line %d", i, o, w, i+4)
		}
	}
}
