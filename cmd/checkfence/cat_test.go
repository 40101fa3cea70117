package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestModelsCat: models lists the cat models, prints a built-in one,
// validates a .cat file and reports its errors as file:line:col.
func TestModelsCat(t *testing.T) {
	_, out, _ := runCLI("models")
	for _, m := range []string{"arm8", "riscv", "power", "rc11", "sc-cat", "tso-cat"} {
		if !strings.Contains(out, m) {
			t.Errorf("models output lacks %s:\n%s", m, out)
		}
	}
	code, out, _ := runCLI("models", "rc11")
	if code != 0 || !strings.Contains(out, "flag ~empty race as racy") {
		t.Errorf("models rc11: %d\n%s", code, out)
	}
	// atomic blocks: atomic on every built-in model, not shown on a user
	// model whose irreflexivity check is one relation
	for _, name := range []string{"power", "rc11", "lkmm", "arm8"} {
		if _, out, _ := runCLI("models", name); !strings.Contains(out, "atomic blocks on several locations are atomic") {
			t.Errorf("models %s: no atomic-block note\n%s", name, out)
		}
	}
	if code, out, _ := runCLI("models", "testdata/notxn.cat"); code != 0 || !strings.Contains(out, "atomic blocks on several locations are not shown atomic") {
		t.Errorf("models notxn.cat: %d\n%s", code, out)
	}
	code, out, _ = runCLI("models", "../../../shared/suites/cat/aarch64.cat")
	if _, err := os.Stat("../../../shared/suites/cat/aarch64.cat"); err != nil {
		t.Skip("suite not available")
	}
	if code != 0 || !strings.Contains(out, "valid cat model, 3 checks, 0 flags") || !strings.Contains(out, "acyclic ob as external") ||
		!strings.Contains(out, "atomic blocks on several locations are atomic") {
		t.Errorf("models aarch64.cat: %d\n%s", code, out)
	}
	code, _, errs := runCLI("models", "testdata/bad.cat")
	if code != exitUsage || !strings.Contains(errs, "testdata/bad.cat:3:12: | combines a relation") {
		t.Errorf("models bad.cat: exit %d, stderr %q", code, errs)
	}
	code, _, errs = runCLI("litmus", "--model", "testdata/bad.cat", "testdata/catlitmus")
	if code != exitUsage || !strings.Contains(errs, "testdata/bad.cat:3:12:") {
		t.Errorf("litmus --model bad.cat: exit %d, stderr %q", code, errs)
	}
}

// TestLitmusCmdCat: a cat model from --model, flags in the output and the
// JSON, unsupported tests counted apart and not as disagreements.
func TestLitmusCmdCat(t *testing.T) {
	out, errs, code := runLitmusCmd(t, "--model", "rc11", "-q", "--expect", "testdata/catlitmus/expected.csv", "testdata/catlitmus")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q\n%s", code, errs, out)
	}
	for _, want := range []string{"MP+rlx+race                              Ok (flag racy)",
		"byte                                     Unsupported (mixed-size access)",
		"1 tests, 1 agree, 1 racy, 1 unsupported (mixed-size access: 1)"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	out, _, code = runLitmusCmd(t, "--model", "rc11", "--json", "testdata/catlitmus")
	if code != 0 {
		t.Fatalf("--json: exit %d", code)
	}
	var doc litmusJSON
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Model != "rc11" || len(doc.Tests) != 2 || doc.Tests[1].Unsupported != "mixed-size access" ||
		doc.Tests[1].Name != "byte" || len(doc.Tests[0].Flags) != 1 || doc.Tests[0].Flags[0] != "racy" {
		t.Errorf("JSON: %+v", doc)
	}
}

// TestC11OnModelWithoutC11: a C11 program on a user's cat model that
// neither reads C11 memory orders nor has a mapping to its instructions
// (only the built-in hardware models have one) is an input error, not a
// check in which the orders silently mean nothing or something else.
func TestC11OnModelWithoutC11(t *testing.T) {
	code, _, errs := runCLI("litmus", "--model", "testdata/noc11.cat", "testdata/catlitmus/MP+rlx+race.litmus")
	if code != exitUsage || !strings.Contains(errs, "MP+rlx+race.litmus:3:38: this store is a C11 atomic (tags A,RLX), and memory model testdata/noc11.cat does not know C11 memory orders") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	code, out, errs := runCLI("litmus", "--model", "arm8", "testdata/catlitmus/MP+rlx+race.litmus")
	if code != 0 || !strings.Contains(out, "Observation MP+rlx+race Sometimes") {
		t.Errorf("on arm8: exit %d, stderr %q\n%s", code, errs, out)
	}
}

// TestModelsShowsC11Mapping: models NAME prints a hardware model's C11
// mapping after its text.
func TestModelsShowsC11Mapping(t *testing.T) {
	code, out, _ := runCLI("models", "power")
	for _, want := range []string{"How C11 atomics compile to this model", "store REL     lwsync", "fence SC                   sync"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("models power: exit %d, output lacks %q", code, want)
		}
	}
	if _, out, _ := runCLI("models", "rc11"); strings.Contains(out, "How C11 atomics compile") {
		t.Error("models rc11 shows a mapping; rc11 reads the C11 orders itself")
	}
}

// TestModelsFairProgress: `models FILE` says whether fair progress applies
// on a model (cat.FairProgressSafe, axioms.FairProgressSafe) and, if not,
// which subexpression prevents it.
func TestModelsFairProgress(t *testing.T) {
	code, out, _ := runCLI("models", "testdata/poimm.cat")
	if code != 0 || !strings.Contains(out, "fair progress off") || !strings.Contains(out, "(po \\ (po ; po)) grows") {
		t.Errorf("models poimm.cat: %d\n%s", code, out)
	}
	code, out, _ = runCLI("models", "testdata/noc11.cat")
	if code != 0 || !strings.Contains(out, "fair progress applies") {
		t.Errorf("models noc11.cat: %d\n%s", code, out)
	}
	// retry rounds that store (cat.FairProgressStoresSafe)
	code, out, _ = runCLI("models", "testdata/fw.cat")
	if code != 0 || !strings.Contains(out, "rounds that store do") || !strings.Contains(out, "FW grows") {
		t.Errorf("models fw.cat: %d\n%s", code, out)
	}
}
