//go:build cadical

package sat

/*
#cgo LDFLAGS: -lcadical -lstdc++ -lm
#include <ccadical.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

// cf_solver is one CaDiCaL instance with the state its callbacks read.
// The callbacks are C functions, so no Go code runs inside the solver:
// Go stops a solve by setting stop, which CaDiCaL polls through
// cf_terminate.
typedef struct {
	CCaDiCaL *s;
	int stop;
	long long learned;
} cf_solver;

static int cf_terminate(void *p) {
	return __atomic_load_n(&((cf_solver *)p)->stop, __ATOMIC_RELAXED);
}

static void cf_learn(void *p, int *clause) {
	((cf_solver *)p)->learned++;
}

static cf_solver *cf_new(void) {
	cf_solver *w = calloc(1, sizeof *w);
	if (!w) return 0;
	w->s = ccadical_init();
	// CaDiCaL prints some messages ("c found falsified original clause")
	// on stdout unless quiet, which would end up in checkfence's output.
	ccadical_set_option(w->s, "quiet", 1);
	ccadical_set_terminate(w->s, w, cf_terminate);
	ccadical_set_learn(w->s, w, INT_MAX, cf_learn);
	return w;
}

static void cf_free(cf_solver *w) {
	ccadical_release(w->s);
	free(w);
}

static void cf_set_stop(cf_solver *w, int v) {
	__atomic_store_n(&w->stop, v, __ATOMIC_RELAXED);
}

// cf_add adds n zero-terminated clauses' literals (lits, zeros included).
static void cf_add(cf_solver *w, const int *lits, long n) {
	for (long i = 0; i < n; i++) ccadical_add(w->s, lits[i]);
}

static int cf_solve(cf_solver *w, const int *assumptions, int n, int limit) {
	for (int i = 0; i < n; i++) ccadical_assume(w->s, assumptions[i]);
	if (limit > 0) ccadical_limit(w->s, "conflicts", limit);
	return ccadical_solve(w->s);
}

// cf_model writes the value of variables 1..n-1 into out[1..n-1].
static void cf_model(cf_solver *w, unsigned char *out, int n) {
	for (int v = 1; v < n; v++) out[v] = ccadical_val(w->s, v) > 0;
}

// cf_failed keeps the failed ones among the n assumptions, in place, and
// returns how many there are.
static int cf_failed(cf_solver *w, int *assumptions, int n) {
	int k = 0;
	for (int i = 0; i < n; i++)
		if (ccadical_failed(w->s, assumptions[i])) assumptions[k++] = assumptions[i];
	return k;
}
static void cf_flush_stdout(void) { fflush(stdout); }
*/
import "C"

import (
	"context"
	"math"
	"runtime"
	"unsafe"

	"github.com/checkfence/checkfence/internal/gini/z"
)

// cadicalCompiled says that this binary has the CaDiCaL backend.
const cadicalCompiled = true

// flushCStdout flushes C's stdout, for a test that CaDiCaL writes nothing.
func flushCStdout() { C.cf_flush_stdout() }

// cadicalVersion is the library's signature ("cadical-sc2021" for Debian's
// libcadical-dev 1.5.3).
func cadicalVersion() string { return C.GoString(C.ccadical_signature()) }

// cadicalSAT drives CaDiCaL through its C API. Clauses are collected in Go
// and handed over in batches (before each solve, and whenever a batch is
// full), since a cgo call per literal would cost more than CaDiCaL spends
// adding it.
type cadicalSAT struct {
	w       *C.cf_solver
	release runtime.Cleanup // frees w when the Go value is collected
	pending []C.int         // literals of clauses not yet added, each clause 0-ended
	maxVar  int             // highest variable handed to CaDiCaL
}

func newCadicalSAT() satSolver {
	w := C.cf_new()
	if w == nil {
		panic("sat: out of memory creating a CaDiCaL solver")
	}
	b := &cadicalSAT{w: w}
	for _, o := range cadicalEnvOptions() {
		name := C.CString(o.name)
		C.ccadical_set_option(w.s, name, C.int(o.val))
		C.free(unsafe.Pointer(name))
	}
	// The C solver is released with the Go value unless close came first.
	b.release = runtime.AddCleanup(b, func(w *C.cf_solver) { C.cf_free(w) }, w)
	return b
}

// close frees the C solver now; b must not be used afterwards.
func (b *cadicalSAT) close() {
	if b.w != nil {
		b.release.Stop()
		C.cf_free(b.w)
		b.w, b.pending = nil, nil
	}
}

// flushBatch is the number of pending literals at which add hands them to
// CaDiCaL: 4 MiB of C ints. One batch for the whole formula held a second
// copy of it in Go while CaDiCaL built its own (150 MB for harris Saaarr's
// 4.8 M clauses); a batch of this size still makes the cgo calls' cost
// negligible.
const flushBatch = 1 << 20

func (b *cadicalSAT) add(lits []z.Lit) {
	for _, m := range lits {
		b.pending = append(b.pending, b.lit(m))
	}
	b.pending = append(b.pending, 0)
	if len(b.pending) >= flushBatch {
		b.flush()
	}
}

// lit is m in DIMACS numbering, which CaDiCaL shares.
func (b *cadicalSAT) lit(m z.Lit) C.int {
	d := m.Dimacs()
	if v := max(d, -d); v > b.maxVar {
		if v > math.MaxInt32-1 {
			panic("sat: too many variables for CaDiCaL")
		}
		b.maxVar = v
	}
	return C.int(d)
}

func (b *cadicalSAT) flush() {
	if len(b.pending) == 0 {
		return
	}
	C.cf_add(b.w, &b.pending[0], C.long(len(b.pending)))
	b.pending = b.pending[:0]
}

func (b *cadicalSAT) solve(ctx context.Context, limit int64, assumptions []z.Lit) Result {
	b.flush()
	as := make([]C.int, len(assumptions)+1) // +1: never a nil pointer
	for i, m := range assumptions {
		as[i] = b.lit(m)
	}
	lim := C.int(0)
	if limit > 0 {
		lim = C.int(min(limit, math.MaxInt32))
	}
	// A watcher sets the C-side stop flag when ctx ends; it is joined
	// before the flag is cleared, so a late stop cannot leak into the
	// next solve.
	var watcherDone chan struct{}
	solved := make(chan struct{})
	if ctx.Done() != nil {
		watcherDone = make(chan struct{})
		go func() {
			defer close(watcherDone)
			select {
			case <-ctx.Done():
				C.cf_set_stop(b.w, 1)
			case <-solved:
			}
		}()
	}
	res := C.cf_solve(b.w, &as[0], C.int(len(assumptions)), lim)
	close(solved)
	if watcherDone != nil {
		<-watcherDone
		C.cf_set_stop(b.w, 0)
	}
	switch res {
	case 10:
		return Sat
	case 20:
		return Unsat
	}
	if ctx.Err() == nil && limit > 0 {
		return Budget
	}
	return Canceled
}

func (b *cadicalSAT) model(dst []bool) {
	n := min(len(dst), b.maxVar+1)
	if n < 2 {
		return
	}
	out := make([]byte, n)
	C.cf_model(b.w, (*C.uchar)(unsafe.Pointer(&out[0])), C.int(n))
	for v := 1; v < n; v++ {
		dst[v] = out[v] != 0
	}
}

func (b *cadicalSAT) failed(assumptions []z.Lit) []z.Lit {
	if len(assumptions) == 0 {
		return nil
	}
	as := make([]C.int, len(assumptions))
	for i, m := range assumptions {
		as[i] = C.int(m.Dimacs())
	}
	k := int(C.cf_failed(b.w, &as[0], C.int(len(as))))
	out := make([]z.Lit, k)
	for i := range out {
		out[i] = z.Dimacs2Lit(int(as[i]))
	}
	return out
}

// conflicts counts the clauses CaDiCaL learned: its C API has no conflict
// counter, and all but the conflicts that chronological backtracking
// resolves without learning (about 1% on our queries) learn one clause.
func (b *cadicalSAT) conflicts() int64 { return int64(b.w.learned) }

func (b *cadicalSAT) name() string { return "cadical" }
