package llvmfront

import (
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
