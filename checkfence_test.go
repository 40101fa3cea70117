package checkfence_test

import (
	"context"
	"testing"

	"github.com/checkfence/checkfence"
	"github.com/checkfence/checkfence/internal/clangtest"
)

// A pthread program through clang is one test; its data race is a FAIL
// by default (a C11 program), a warning beside the verdict with Races
// "warn".
func TestLoadClangPthread(t *testing.T) {
	clangtest.Need(t)
	prog, err := checkfence.LoadWith(checkfence.LoadOptions{Clang: true}, "tests/races/mp_plain_rlx.c")
	if err != nil {
		t.Fatal(err)
	}
	if len(prog.Tests) != 1 {
		t.Fatalf("%d tests, want the one main is", len(prog.Tests))
	}
	rs, err := prog.CheckAll(context.Background(), checkfence.Options{Model: "sc"})
	if err != nil {
		t.Fatal(err)
	}
	if r := rs[0]; r.Verdict != checkfence.Fail || r.Reason != "data-race" || r.Model != "sc" {
		t.Errorf("%s %s on %s, want FAIL data-race on sc", r.Verdict, r.Reason, r.Model)
	}
	r, err := prog.Check(context.Background(), prog.Tests[0].Name, checkfence.Options{Model: "rc11", Races: "warn"})
	if err != nil {
		t.Fatal(err)
	}
	// the racy read can see data == 0, which the assertion catches
	if r.Reason == "data-race" || len(r.Warnings) == 0 {
		t.Errorf("Races warn: %s %s with %d warnings, want the race as a warning", r.Verdict, r.Reason, len(r.Warnings))
	}
	if _, err := prog.Check(context.Background(), "nope", checkfence.Options{}); err == nil {
		t.Error("an unknown test is no error")
	}
	if _, err := prog.Check(context.Background(), prog.Tests[0].Name, checkfence.Options{Model: "no-such-model"}); err == nil {
		t.Error("an unknown model is no error")
	}
}
