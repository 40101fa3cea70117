package report

import (
	"bytes"
	"strings"
	"testing"
)

// An operation whose procedure has a display name (the thread function of
// a pthread program) is shown by it; JSON keeps the procedure's name too.
func TestOperationDisplayName(t *testing.T) {
	r := fixtureResult(t, "mp_relaxed", "mp.lsl", "mp.tst", "relaxed", "MP")
	r.Trace.Program.Prog.Proc("wx").Display = "producer"
	var b bytes.Buffer
	WriteTrace(&b, r, TextOptions{})
	if !strings.Contains(b.String(), "\n    producer  w()\n") {
		t.Errorf("text trace does not show wx as producer:\n%s", b.String())
	}
	jt := TraceJSON(r)
	found := false
	for _, th := range jt.Threads {
		for _, op := range th.Ops {
			if op.Name == "producer" && op.Proc == "wx" {
				found = true
			}
			if op.Name == "wx" {
				t.Errorf("JSON op named by its procedure: %+v", op)
			}
		}
	}
	if !found {
		t.Error("no JSON op with name producer and proc wx")
	}
}
