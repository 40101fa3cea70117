package llvmfront

import (
	"strconv"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/lsl"
)

// A pthread_create or pthread_join that runs on some paths of main only
// (pthread_guarded.go) makes a thread that starts only when its create
// runs: once refused, these programs translate, and the thread's body
// runs only under its start flag (a join on some paths only waits there
// only).
func TestGuardedThreads(t *testing.T) {
	tests := []struct {
		name, src string
		guarded   bool // the thread starts on some paths only
	}{
		{"pthread in a branch", "declare i32 @pthread_create(i64*, i8*, i8* (i8*)*, i8*)\ndeclare i32 @pthread_join(i64, i8**)\ndefine i8* @w(i8* %a) {\n  ret i8* null\n}\n@g = global i1 0\ndefine i32 @main() {\n  %t = alloca i64\n  %c = load i1, i1* @g\n  br i1 %c, label %a, label %b\na:\n  %r = call i32 @pthread_create(i64* %t, i8* null, i8* (i8*)* @w, i8* null)\n  br label %b\nb:\n  ret i32 0\n}\n", true},
		{"return before a join", "declare i32 @pthread_create(i64*, i8*, i8* (i8*)*, i8*)\ndeclare i32 @pthread_join(i64, i8**)\n@g = global i32 0\ndefine i8* @w(i8* %a) {\n  ret i8* null\n}\ndefine i32 @main() {\n  %t = alloca i64\n  %r = call i32 @pthread_create(i64* %t, i8* null, i8* (i8*)* @w, i8* null)\n  %v = load i32, i32* @g\n  %c = icmp eq i32 %v, 0\n  br i1 %c, label %out, label %b\nb:\n  %h = load i64, i64* %t\n  %j = call i32 @pthread_join(i64 %h, i8** null)\n  %v2 = load i32, i32* @g\n  %c2 = icmp eq i32 %v2, 1\n  br i1 %c2, label %out, label %more\nmore:\n  store i32 5, i32* @g\n  br label %out\nout:\n  ret i32 0\n}\n", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := translateText(t, tc.src)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := PthreadTest(prog); err != nil {
				t.Fatal(err)
			}
			th := prog.Proc(PthreadThread + "1")
			if th == nil {
				t.Fatalf("no %s1", PthreadThread)
			}
			if body := lsl.FormatStmt(th.Body, prog); strings.Contains(body, "%pthread_start.run") != tc.guarded {
				t.Errorf("thread 1 tests its start flag: %v, want %v:\n%s", !tc.guarded, tc.guarded, body)
			}
		})
	}
}

// Options.ThreadRounds (--max-threads) is how often a loop that starts
// threads while a nondeterministic condition holds is unrolled: one
// thread per round, and the bound after the last round.
func TestThreadRounds(t *testing.T) {
	src := "declare i32 @pthread_create(i64*, i8*, i8* (i8*)*, i8*)\ndeclare i32 @__VERIFIER_nondet_int()\n" +
		"define i8* @w(i8* %a) {\n  ret i8* null\n}\ndefine i32 @main() {\n  %t = alloca i64\n  br label %head\n" +
		"head:\n  %n = call i32 @__VERIFIER_nondet_int()\n  %c = icmp ne i32 %n, 0\n  br i1 %c, label %body, label %out\n" +
		"body:\n  %r = call i32 @pthread_create(i64* %t, i8* null, i8* (i8*)* @w, i8* null)\n  br label %head\n" +
		"out:\n  ret i32 0\n}\n"
	for _, rounds := range []int{0, 2, 5} {
		prog, err := TranslateSourcesWith([]Source{{Name: "in.ll", Text: []byte(src)}}, Options{ThreadRounds: rounds})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := PthreadTest(prog); err != nil {
			t.Fatal(err)
		}
		want := rounds
		if want == 0 {
			want = DefaultThreadRounds
		}
		threads := 0
		for prog.Proc(PthreadThread+strconv.Itoa(threads+1)) != nil {
			threads++
		}
		if threads != want {
			t.Errorf("ThreadRounds %d: %d threads, want %d", rounds, threads, want)
		}
		bounds := 0
		for _, proc := range prog.Procs {
			lsl.Walk(proc.Body, func(s lsl.Stmt) bool {
				if lsl.IsThreadBound(s) {
					bounds++
					if msg := s.(*lsl.Abort).Msg; !strings.Contains(msg, "more than "+strconv.Itoa(want)+" times") || !strings.Contains(msg, "--max-threads") {
						t.Errorf("ThreadRounds %d: bound message %q", rounds, msg)
					}
				}
				return true
			})
		}
		if bounds == 0 {
			t.Errorf("ThreadRounds %d: no thread-creation bound in main", rounds)
		}
	}
}
