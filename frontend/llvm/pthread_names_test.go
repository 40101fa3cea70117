package llvmfront

import "testing"

// The procedures a pthread main becomes keep their internal names (tests
// and the test file refer to them) but carry the name a trace shows: the
// thread function for each started thread, main for main's own parts.
func TestPthreadDisplayNames(t *testing.T) {
	src := `declare i32 @pthread_create(i64*, i8*, i8* (i8*)*, i8*)
declare i32 @pthread_join(i64, i8**)
@x = global i32 0
define i8* @producer(i8* %a) {
  store i32 1, i32* @x
  ret i8* null
}
define i8* @consumer(i8* %a) {
  %v = load i32, i32* @x
  ret i8* null
}
define i32 @main() {
  %t1 = alloca i64
  %t2 = alloca i64
  %r1 = call i32 @pthread_create(i64* %t1, i8* null, i8* (i8*)* @producer, i8* null)
  %r2 = call i32 @pthread_create(i64* %t2, i8* null, i8* (i8*)* @consumer, i8* null)
  %h1 = load i64, i64* %t1
  %j1 = call i32 @pthread_join(i64 %h1, i8** null)
  %h2 = load i64, i64* %t2
  %j2 = call i32 @pthread_join(i64 %h2, i8** null)
  ret i32 0
}
`
	p, err := translateText(t, src)
	if err != nil {
		t.Fatal(err)
	}
	for proc, want := range map[string]string{
		PthreadInit: "main", PthreadThread + "1": "producer", PthreadThread + "2": "consumer", PthreadFinal: "main",
	} {
		pr := p.Proc(proc)
		if pr == nil {
			t.Errorf("no procedure %s", proc)
			continue
		}
		if pr.Display != want {
			t.Errorf("%s is shown as %q, want %q", proc, pr.Display, want)
		}
	}
	if p.Proc("producer").Display != "" {
		t.Errorf("the thread function itself has display name %q, want none", p.Proc("producer").Display)
	}
}
