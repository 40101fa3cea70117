package llvmfront

import (
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// clang -O1 moves atomic pointers as i64 (load atomic i64, inttoptr): the
// pointer inttoptr gives back must still designate the node, or
// tail->next reads the whole block and finds it undefined (a FAIL that is
// no execution of the program, as msq_1_1.c at -O1 gave before).
func TestO1PointersAsIntegers(t *testing.T) {
	needClang(t)
	cases := []struct {
		file   string
		want   mining.Verdict
		reason string
	}{
		{"msq_1_1.c", mining.Pass, ""},
		{"msq_2_2_bug.c", mining.Fail, mining.ReasonAssertion},
		{"treiber_2_2_bug.c", mining.Fail, mining.ReasonAssertion},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			t.Parallel()
			p := compileC(t, []string{"-O1"}, "../../tests/llvm/pthread/c11/"+tc.file)
			test, err := PthreadTest(p)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range []string{"sc", "relaxed"} {
				r := checkOne(t, p, m, test)
				if r.Verdict != tc.want || r.Reason != tc.reason {
					t.Errorf("%s -O1 on %s: %s %s (%s), want %s %s", tc.file, m, r.Verdict, r.Reason, r.Message, tc.want, tc.reason)
				}
				if err := r.CheckCounterexample(); err != nil {
					t.Errorf("%s -O1 on %s: the counterexample is not a real execution: %v", tc.file, m, err)
				}
			}
		})
	}
}
