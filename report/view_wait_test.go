package report

import (
	"testing"

	"github.com/checkfence/checkfence/lsl"
)

// A thread that did not start names the thread it waited for and how
// that one ended.
func TestWaitedFor(t *testing.T) {
	th := func(name string, kind lsl.ThreadKind, status string) *threadView {
		return &threadView{Name: name, Kind: kind, Status: status}
	}
	cases := []struct {
		threads []*threadView
		of      int
		want    string
	}{
		{[]*threadView{th("init", lsl.ThreadInit, "done"), th("t1", lsl.ThreadConcurrent, "done"), th("t2", lsl.ThreadConcurrent, "failed"), th("final", lsl.ThreadFinal, "not-started")},
			3, "thread t2 failed"},
		{[]*threadView{th("init", lsl.ThreadInit, "done"), th("t1", lsl.ThreadConcurrent, "pruned"), th("final", lsl.ThreadFinal, "not-started")},
			2, "thread t1 stopped at a loop bound"},
		{[]*threadView{th("init", lsl.ThreadInit, "done"), th("t1", lsl.ThreadConcurrent, "blocked"), th("final", lsl.ThreadFinal, "not-started")},
			2, "thread t1 is blocked in a spin loop"},
		{[]*threadView{th("init", lsl.ThreadInit, "done"), th("t1", lsl.ThreadConcurrent, "livelock"), th("final", lsl.ThreadFinal, "not-started")},
			2, "thread t1 retries a loop forever"},
		// a concurrent thread waits for init only, not for its siblings
		{[]*threadView{th("init", lsl.ThreadInit, "failed"), th("t1", lsl.ThreadConcurrent, "failed"), th("t2", lsl.ThreadConcurrent, "not-started")},
			2, "thread init failed"},
		{[]*threadView{th("init", lsl.ThreadInit, "done"), th("t1", lsl.ThreadConcurrent, "done"), th("final", lsl.ThreadFinal, "not-started")},
			2, "a thread it waits for did not complete"},
	}
	for i, c := range cases {
		tr := &traceView{threads: c.threads}
		if got := tr.waitedFor(c.threads[c.of]); got != c.want {
			t.Errorf("case %d: %q, want %q", i, got, c.want)
		}
	}
}
