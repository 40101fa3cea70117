package tests

import (
	"context"
	"os"
	"testing"

	"github.com/checkfence/checkfence/frontend"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/tests/datatypes"
)

// load reads implementation files and a test file.
func load(t *testing.T, tst string, impl ...string) (*lsl.Program, *lsl.TestFile) {
	t.Helper()
	prog, err := frontend.Load(impl)
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(tst)
	if err != nil {
		t.Fatal(err)
	}
	tf, err := lsl.ParseTests(tst, src)
	if err != nil {
		t.Fatal(err)
	}
	if err := tf.Check(prog); err != nil {
		t.Fatal(err)
	}
	return prog, tf
}

func model(t *testing.T, name string) *memmodel.Model {
	t.Helper()
	m, ok := memmodel.Builtin(name)
	if !ok {
		t.Fatalf("no built-in model %s", name)
	}
	return m
}

func check(t *testing.T, prog *lsl.Program, test *lsl.Test, opt mining.Options) *mining.Result {
	t.Helper()
	r, err := mining.Check(context.Background(), prog, test, opt)
	if err != nil {
		t.Fatalf("%s: %v", test.Name, err)
	}
	return r
}

// rowProgram returns the program of an expected.csv row (its data type
// and variant, loaded once per programs map; nil: no cache) and its test.
func rowProgram(t *testing.T, programs map[string]*datatypes.Program, row datatypes.Row) (*datatypes.Program, *lsl.Test) {
	t.Helper()
	key := row.Datatype + "/" + row.Variant
	p, ok := programs[key]
	if !ok {
		v, err := datatypes.NewVariant("datatypes", row.Datatype, row.Variant)
		if err != nil {
			t.Fatal(err)
		}
		if p, err = v.Load(); err != nil {
			t.Fatal(err)
		}
		if programs != nil {
			programs[key] = p
		}
	}
	test, err := p.Test(row.Test)
	if err != nil {
		t.Fatal(err)
	}
	return p, test
}

// driverRows are the rows of expected.csv on which two settings of the
// check driver are compared: every fast row that fails, and the fast PASS
// rows on relaxed (where the lazy unrolling has most to do).
func driverRows(t *testing.T) []datatypes.Row {
	t.Helper()
	var out []datatypes.Row
	n := 0
	for _, row := range expectedRows(t) {
		if row.Slow || row.Verdict == mining.Pass && row.Model != "relaxed" {
			continue
		}
		if n++; (n-1)%driverStride() != 0 {
			continue
		}
		out = append(out, row)
	}
	return out
}

// driverStride is 1 with CHECKFENCE_FULL=1 (make check-full): the
// differential tests over driverRows (deferred failures, inherited
// bounds, the sizing simulation) check every row; make
// test checks every third one, to stay within its 10-minute budget.
func driverStride() int {
	if os.Getenv("CHECKFENCE_FULL") != "" {
		return 1
	}
	return 3
}

// checkRowReal checks a row with adjusted options and requires its
// counterexample, if any, to be a real execution (what names the setting
// in the message).
func checkRowReal(t *testing.T, p *datatypes.Program, test *lsl.Test, row datatypes.Row, what string, adjust func(*mining.Options)) *mining.Result {
	t.Helper()
	r, err := p.CheckRow(context.Background(), test, row, datatypeTimeout, adjust)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.CheckCounterexample(); err != nil {
		t.Errorf("%s: the counterexample is not a real execution: %v", what, err)
	}
	return r
}
