package tests

import (
	"context"
	"os"
	"testing"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/frontend"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
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

func model(t *testing.T, name string) *axioms.Model {
	t.Helper()
	m, ok := axioms.Builtin(name)
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
