package llvmfront

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
)

// A void* designates the first scalar cell of its object, so a thread that
// casts its argument to int* reads and writes the first member of the
// struct or the first element of the array it was given, and a cast back
// to the struct reaches the others (escape, fromVoid). Before, the void*
// kept the path of the whole object, a cell that nothing initialises or
// reads: first_member.c failed and first_member_fail.c passed.
func TestVoidPointerFirstMember(t *testing.T) {
	needClang(t)
	tests := []struct {
		file    string
		opts    []string
		verdict mining.Verdict
	}{
		{"first_member.c", []string{"-O0", "-O1"}, mining.Pass},
		{"first_member_fail.c", []string{"-O0", "-O1"}, mining.Fail},
		{"members.c", []string{"-O0", "-O1"}, mining.Pass},
		{"slot.c", []string{"-O0"}, mining.Pass},
	}
	for _, tc := range tests {
		for _, opt := range tc.opts {
			p := compileC(t, []string{opt}, filepath.Join("testdata/voidptr", tc.file))
			for _, model := range []string{"sc", "relaxed"} {
				m, _ := memmodel.Builtin(model)
				r := checkPthread(t, p, m)
				if r.Verdict != tc.verdict || tc.verdict == mining.Fail && r.Reason != mining.ReasonAssertion {
					t.Errorf("%s %s on %s: %s %s (%s), want %s", tc.file, opt, model, r.Verdict, r.Reason, r.Message, tc.verdict)
				}
			}
		}
	}
}

// A main that touches memory between two joins runs its middle as
// main_self with the synchronization of pthread_phases.go: the join in the
// middle waits for the thread's done flag, which every thread raises, and
// the thread created after it waits for its start flag.
func TestPthreadPhasedSplit(t *testing.T) {
	needClang(t)
	src := filepath.Join(t.TempDir(), "join.c")
	text := `#include <pthread.h>
int x;
void *f(void *p) { return p; }
int main(void) {
    pthread_t a, b, c;
    void *r;
    pthread_create(&a, 0, f, 0);
    pthread_create(&b, 0, f, 0);
    pthread_join(a, &r);
    x = 1;
    pthread_create(&c, 0, f, 0);
    pthread_join(b, 0);
    pthread_join(c, 0);
    return 0;
}
`
	prog, err := translateSource(t, src, text)
	if err != nil {
		t.Fatal(err)
	}
	spins := func(name string) (n int) {
		p := prog.Proc(name)
		if p == nil {
			t.Fatalf("no procedure %s", name)
		}
		lsl.Walk(p.Body, func(s lsl.Stmt) bool {
			if _, ok := s.(*lsl.Spin); ok {
				n++
			}
			return true
		})
		return n
	}
	// main_self: the join of a; threads 1 and 2 start at once, thread 3
	// after main's store
	for name, want := range map[string]int{PthreadSelf: 1, PthreadThread + "1": 0, PthreadThread + "2": 0, PthreadThread + "3": 1} {
		if got := spins(name); got != want {
			t.Errorf("%s has %d waits, want %d:\n%s", name, got, want, lsl.Format(prog, lsl.PrintOptions{}))
		}
	}
	for _, g := range []string{"main_thread_started", "main_thread_done", "main_thread_result"} {
		found := false
		for _, x := range prog.Globals {
			found = found || x.Name == g
		}
		if !found {
			t.Errorf("no global %s", g)
		}
	}
}

// pthread_exit is a return from the thread function; anywhere else it
// would end the thread from inside a call, and is an input error at the
// call.
func TestPthreadExitOutsideThreadFunction(t *testing.T) {
	needClang(t)
	cases := []inputErrorCase{
		{"helper", `#include <pthread.h>
static void stop(void) { pthread_exit(0); }
void *f(void *p) { stop(); return p; }
int main(void) {
    pthread_t a;
    pthread_create(&a, 0, f, 0);
    pthread_join(a, 0);
    return 0;
}
`, "exit.c:2:26: unsupported: pthread_exit (only in a thread function", diag.CodeUnsupported},
		{"also called", `#include <pthread.h>
void *f(void *p) { pthread_exit(p); }
int main(void) {
    pthread_t a;
    f(0);
    pthread_create(&a, 0, f, 0);
    pthread_join(a, 0);
    return 0;
}
`, "exit.c:2:20: unsupported: pthread_exit in f, which is also called as a function", diag.CodeUnsupported},
	}
	checkInputErrors(t, "exit.c", cases)
}

// exit(0) ends the program only where nothing else runs: in main after its
// last join. Elsewhere it is an input error at the call.
func TestExitZeroOutsideFinal(t *testing.T) {
	needClang(t)
	cases := []inputErrorCase{
		{"thread", `#include <pthread.h>
#include <stdlib.h>
void *f(void *p) { exit(0); }
int main(void) {
    pthread_t a;
    pthread_create(&a, 0, f, 0);
    pthread_join(a, 0);
    return 0;
}
`, "exit.c:3:20: unsupported: exit(0) (only in main after its last pthread_join", diag.CodeUnsupported},
		{"before the threads", `#include <pthread.h>
#include <stdlib.h>
int x;
void *f(void *p) { return p; }
int main(void) {
    pthread_t a;
    if (x)
        exit(0);
    pthread_create(&a, 0, f, 0);
    pthread_join(a, 0);
    return 0;
}
`, "exit.c:8:9: unsupported: exit(0) (only in main after its last pthread_join", diag.CodeUnsupported},
	}
	checkInputErrors(t, "exit.c", cases)
}

// The attributes that would change what a check means are input errors at
// the call: a detached thread beside pthread_join (main joins every thread
// or none; without joins every thread is detached already, see
// TestMainShapes' detach rows), pthread_detach likewise, and a recursive
// mutex (the spinlock would deadlock its holder).
func TestAttributesRefused(t *testing.T) {
	needClang(t)
	cases := []inputErrorCase{
		{"detached", `#include <pthread.h>
void *f(void *p) { return p; }
int main(void) {
    pthread_attr_t attr;
    pthread_t a;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_create(&a, &attr, f, 0);
    pthread_join(a, 0);
    return 0;
}
`, "attr.c:7:5: unsupported: the detached attribute (only when main joins none of its threads", diag.CodeUnsupported},
		{"detach", `#include <pthread.h>
void *f(void *p) { return p; }
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, f, 0);
    pthread_create(&b, 0, f, 0);
    pthread_detach(a);
    pthread_join(b, 0);
    return 0;
}
`, "attr.c:7:5: unsupported: pthread_detach (only when main joins none of its threads", diag.CodeUnsupported},
		{"detach in a thread", `#include <pthread.h>
pthread_t a;
void *f(void *p) { pthread_detach(a); return p; }
int main(void) {
    pthread_create(&a, 0, f, 0);
    pthread_join(a, 0);
    return 0;
}
`, "attr.c:3:20: unsupported: pthread_detach (only when main joins none of its threads", diag.CodeUnsupported},
		{"recursive", `#include <pthread.h>
pthread_mutex_t m;
void *f(void *p) { return p; }
int main(void) {
    pthread_mutexattr_t attr;
    pthread_t a;
    pthread_mutexattr_init(&attr);
    pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&m, &attr);
    pthread_create(&a, 0, f, 0);
    pthread_join(a, 0);
    return 0;
}
`, "attr.c:8:5: unsupported: recursive mutexes", diag.CodeUnsupported},
	}
	checkInputErrors(t, "attr.c", cases)
}

// Optimized IR reaches a member other than the first as a byte offset from
// a void*; when the void* was read from memory the front end does not know
// the object's type, cannot tell which member that is, and says so
// instead of reading a cell nothing writes.
func TestVoidPointerByteOffset(t *testing.T) {
	needClang(t)
	lls, err := Compile([]string{filepath.Join("testdata/voidptr", "slot.c")}, t.TempDir(), "-O1")
	if err != nil {
		t.Fatal(err)
	}
	p, err := Translate(lls)
	if err == nil {
		// clang 15 keeps the struct's getelementptr at -O1: the member
		// is named, and the program holds
		test, err := PthreadTest(p)
		if err != nil {
			t.Fatal(err)
		}
		if r := checkOne(t, p, "sc", test); r.Verdict != mining.Pass {
			t.Errorf("translated, but %s: %s", r.Verdict, r.Message)
		}
		return
	}
	if !onlyCode(err, diag.CodeInvalidConstruct) || !strings.Contains(err.Error(), "slot.c:15:") {
		t.Errorf("got %v", err)
	}
}

// translateSource writes text to the C file src, compiles it with clang and
// translates it; a compile error ends the test.
func translateSource(t *testing.T, src, text string) (*lsl.Program, error) {
	t.Helper()
	if err := os.WriteFile(src, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	lls, err := Compile([]string{src}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return Translate(lls)
}

// inputErrorCase is a C program that must be an input error: want is part
// of the message (file:line:col: text), code the code of its first error.
type inputErrorCase struct {
	name, text, want string
	code             diag.ErrorCode
}

// checkInputErrors translates each case as the C file named file and
// checks its input error.
func checkInputErrors(t *testing.T, file string, cases []inputErrorCase) {
	t.Helper()
	for _, tc := range cases {
		_, err := translateSource(t, filepath.Join(t.TempDir(), file), tc.text)
		if err == nil || !diag.IsInputError(err) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
		}
		if got := diag.Codes(err); len(got) == 0 || got[0] != tc.code {
			t.Errorf("%s: codes %v, want %v first", tc.name, got, tc.code)
		}
	}
}
