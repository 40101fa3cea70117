package tests

import (
	"context"
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// TestLKMMPrograms checks C programs written with the kernel's primitives
// (#include <linux.h>) on the Linux-kernel model, with verdicts derived by
// hand: the barriers of message passing, and mutual exclusion by a
// spinlock. On sc every one passes.
func TestLKMMPrograms(t *testing.T) {
	for _, tc := range []struct {
		impl, tst string
		want      mining.Verdict
	}{
		{"lkmm/mp.c", "lkmm/mp.tst", mining.Pass},
		{"lkmm/mp_normb.c", "lkmm/mp.tst", mining.Fail}, // READ_ONCEs may be reordered
		{"lkmm/spinlock.c", "lkmm/spinlock.tst", mining.Pass},
	} {
		prog, tf := load(t, tc.tst, tc.impl)
		for _, test := range tf.Tests {
			r, err := mining.Check(context.Background(), prog, test, mining.Options{Model: catModel(t, "lkmm")})
			if err != nil {
				t.Fatalf("%s %s: %v", tc.impl, test.Name, err)
			}
			if r.Verdict != tc.want {
				t.Errorf("%s %s on lkmm: %s, want %s", tc.impl, test.Name, r.Verdict, tc.want)
			}
			r, err = mining.Check(context.Background(), prog, test, mining.Options{Model: model(t, "sc")})
			if err != nil {
				t.Fatalf("%s %s: %v", tc.impl, test.Name, err)
			}
			if r.Verdict != mining.Pass {
				t.Errorf("%s %s on sc: %s, want PASS", tc.impl, test.Name, r.Verdict)
			}
		}
	}
}
