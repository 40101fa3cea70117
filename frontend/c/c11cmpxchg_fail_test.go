package cfront

import (
	"fmt"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/lsl"
)

// TestC11CmpxchgFailureTags: the load of atomic_compare_exchange carries
// the success order's tags, and the failure order's (lsl.FailTag) when
// that is not the success order's read part; the store only the
// success's.
func TestC11CmpxchgFailureTags(t *testing.T) {
	for _, c := range []struct{ succ, fail, load, store string }{
		{"relaxed", "relaxed", "A,RLX", "A,RLX"},
		{"acquire", "relaxed", "A,ACQ,fail.RLX", "A,ACQ"},
		{"acquire", "acquire", "A,ACQ", "A,ACQ"},
		{"release", "relaxed", "A,REL", "A,REL"},
		{"acq_rel", "relaxed", "A,ACQ_REL,fail.RLX", "A,ACQ_REL"},
		{"acq_rel", "acquire", "A,ACQ_REL", "A,ACQ_REL"},
		{"seq_cst", "relaxed", "A,SC,fail.RLX", "A,SC"},
		{"seq_cst", "acquire", "A,SC,fail.ACQ", "A,SC"},
		{"seq_cst", "seq_cst", "A,SC", "A,SC"},
	} {
		t.Run(c.succ+"_"+c.fail, func(t *testing.T) {
			src := fmt.Sprintf(`#include <stdatomic.h>
atomic_int x;
int f(void) {
	int e = 0;
	return atomic_compare_exchange_strong_explicit(&x, &e, 1, memory_order_%s, memory_order_%s);
}
`, c.succ, c.fail)
			p := mustTranslate(t, Source{Name: "test.c", Text: []byte(src)})
			var loads, stores []string
			for _, proc := range p.Procs {
				lsl.Walk(proc.Body, func(s lsl.Stmt) bool {
					if a, ok := s.(*lsl.Atomic); ok {
						lsl.Walk(a.Body, func(s lsl.Stmt) bool {
							switch s := s.(type) {
							case *lsl.Load:
								loads = append(loads, strings.Join(s.Tags, ","))
							case *lsl.Store:
								stores = append(stores, strings.Join(s.Tags, ","))
							}
							return true
						})
						return false
					}
					return true
				})
			}
			if len(loads) != 1 || loads[0] != c.load || len(stores) != 1 || stores[0] != c.store {
				t.Errorf("load tags %v, store tags %v; want [%s], [%s]", loads, stores, c.load, c.store)
			}
		})
	}
}
