package llvmfront

import (
	"fmt"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/lsl"
)

// TestCmpxchgFailureTags: the load of a cmpxchg carries the success
// ordering's tags, and the failure ordering's (lsl.FailTag) when that is
// not the success ordering's read part; the store only the success's.
func TestCmpxchgFailureTags(t *testing.T) {
	for _, c := range []struct{ succ, fail, load, store string }{
		{"monotonic", "monotonic", "A,RLX", "A,RLX"},
		{"acquire", "monotonic", "A,ACQ,fail.RLX", "A,ACQ"},
		{"acquire", "acquire", "A,ACQ", "A,ACQ"},
		{"release", "monotonic", "A,REL", "A,REL"},
		{"acq_rel", "monotonic", "A,ACQ_REL,fail.RLX", "A,ACQ_REL"},
		{"acq_rel", "acquire", "A,ACQ_REL", "A,ACQ_REL"},
		{"seq_cst", "monotonic", "A,SC,fail.RLX", "A,SC"},
		{"seq_cst", "acquire", "A,SC,fail.ACQ", "A,SC"},
		{"seq_cst", "seq_cst", "A,SC", "A,SC"},
	} {
		name := c.succ + "_" + c.fail
		t.Run(name, func(t *testing.T) {
			src := fmt.Sprintf(`@x = global i32 0

define i32 @f() {
  %%r = cmpxchg i32* @x, i32 0, i32 1 %s %s
  %%v = extractvalue { i32, i1 } %%r, 0
  ret i32 %%v
}
`, c.succ, c.fail)
			p, err := TranslateSources([]Source{{Name: name + ".ll", Text: []byte(src)}})
			if err != nil {
				t.Fatal(err)
			}
			if err := lsl.Sanity(p); err != nil {
				t.Fatal(err)
			}
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
