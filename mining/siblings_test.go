package mining

import (
	"reflect"
	"testing"

	"github.com/checkfence/checkfence/lsl"
)

func TestSiblingShape(t *testing.T) {
	for _, c := range []struct {
		key  lsl.LoopKey
		want string
	}{
		{"t2.0:main_thread2>pusher>push/L1", "main>pusher>push/L1"},
		{"t11.0:main_thread11>pusher>push/L1#2/L3", "main>pusher>push/L1#2/L3"},
		{"t1.0:worker_thread3>f/L1", "worker>f/L1"},
		{"final.0:main_final>check_all/L1", ""}, // not a started thread
		{"t1.0:enqueue/L1", ""},                 // a test's operation
		{"t1.0:main_thread1/L1", ""},            // a loop of the wrapper itself
		{"t1.2:enqueue>helper/rec:helper", ""},
	} {
		if got := siblingShape(c.key); got != c.want {
			t.Errorf("siblingShape(%q) = %q, want %q", c.key, got, c.want)
		}
	}
}

func TestSiblingLoops(t *testing.T) {
	u := &lsl.Unrolled{Loops: map[lsl.LoopKey]*lsl.LoopInfo{}}
	for _, k := range []lsl.LoopKey{
		"t1.0:main_thread1>pusher>push/L1", "t2.0:main_thread2>pusher>push/L1", "t3.0:main_thread3>pusher>push/L1",
		"t4.0:main_thread4>popper>take>pop/L1", "t5.0:main_thread5>mixed>push/L1", "final.0:main_final/L1",
	} {
		u.Loops[k] = &lsl.LoopInfo{Key: k}
	}
	got := siblingLoops(u, "t2.0:main_thread2>pusher>push/L1")
	want := []lsl.LoopKey{"t1.0:main_thread1>pusher>push/L1", "t3.0:main_thread3>pusher>push/L1"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("siblings of t2's push loop: %v, want %v", got, want)
	}
	if got := siblingLoops(u, "t4.0:main_thread4>popper>take>pop/L1"); len(got) != 0 {
		t.Errorf("siblings of the only popper: %v", got)
	}
	if got := siblingLoops(u, "final.0:main_final/L1"); len(got) != 0 {
		t.Errorf("siblings of a loop of final: %v", got)
	}
}
