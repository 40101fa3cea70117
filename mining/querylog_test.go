package mining

import (
	"context"
	"os"
	"testing"

	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/lsl"
)

// The query log reports every encoding (as many as Stats.Rounds), each
// query after the encoding it asks, the loops each later round raised,
// and for a PASS a last unsatisfiable query of the check; the conflicts
// of the logged queries add up to no more than the check's.
func TestQueryLog(t *testing.T) {
	// the MS queue's T0 needs a second dequeue iteration that no serial
	// execution needs
	src, err := os.ReadFile("../tests/lslqueue/msn.lsl")
	if err != nil {
		t.Fatal(err)
	}
	p, err := lsl.Parse("msn.lsl", src)
	if err != nil {
		t.Fatal(err)
	}
	tf, err := lsl.ParseTests("q.tst", []byte("test T0 = i ( e | d )"))
	if err != nil {
		t.Fatal(err)
	}
	if err := tf.Check(p); err != nil {
		t.Fatal(err)
	}
	test := tf.Tests[0]
	var events []QueryEvent
	r, err := Check(context.Background(), p, test, Options{Model: builtin(t, "sc"),
		OnQuery: func(e QueryEvent) { events = append(events, e) }})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != Pass {
		t.Fatalf("%s: %s", r.Verdict, r.Message)
	}
	encodes, concurrent := 0, 0
	encoded := map[[2]int]bool{} // serial, round
	key := func(e QueryEvent) [2]int {
		s := 0
		if e.Serial {
			s = 1
		}
		return [2]int{s, e.Round}
	}
	var last QueryEvent
	for _, e := range events {
		if e.Instrs == 0 || e.Clauses == 0 || e.Wall <= 0 {
			t.Errorf("%+v: no size or time", e)
		}
		switch e.Kind {
		case EventEncode:
			encodes++
			encoded[key(e)] = true
			if !e.Serial {
				if concurrent++; concurrent > 1 && len(e.Raised) == 0 {
					t.Errorf("round %d raised no loop: %+v", e.Round, e)
				}
			}
		case EventQuery:
			if !encoded[key(e)] {
				t.Errorf("query of a round not encoded: %+v", e)
			}
			if e.Phase == "" || e.Backend == "" {
				t.Errorf("query without phase or backend: %+v", e)
			}
			if !e.Serial {
				last = e
			}
		default:
			t.Errorf("kind %q", e.Kind)
		}
	}
	if encodes != r.Stats.Rounds {
		t.Errorf("%d encodings logged, Stats.Rounds = %d", encodes, r.Stats.Rounds)
	}
	if concurrent < 2 {
		t.Errorf("%d concurrent rounds: the test should raise its loop", concurrent)
	}
	if last.Phase != "check" || last.Result != sat.Unsat {
		t.Errorf("last concurrent query %+v, want the check's unsat", last)
	}
}
