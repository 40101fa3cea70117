package report

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
)

// ciRun checks the tests of report/testdata that give each kind of result:
// FAIL by consistency (handoff.c), by runtime error (publish.c), PASS
// (MPops on sc) and INCONCLUSIVE at a loop bound.
func ciRun(t *testing.T) CIRun {
	t.Helper()
	run := CIRun{Model: "relaxed", Version: "test"}
	add := func(r *mining.Result, file string) {
		run.Results = append(run.Results, r)
		run.Tests = append(run.Tests, &lsl.Test{Name: r.Test, Pos: diag.Pos{File: file, Line: 1, Col: 1}})
	}
	add(result(t, check(t, "handoff.c", "handoff.tst", "relaxed"), "Handoff"), "testdata/handoff.tst")
	add(result(t, check(t, "publish.c", "publish.tst", "relaxed"), "Publish"), "testdata/publish.tst")
	add(result(t, check(t, "mp.lsl", "mp.tst", "sc"), "MPops"), "testdata/mp.tst")
	add(boundResult(t), "testdata/retry.tst")
	return run
}

// TestJUnitSchema validates --junit output against the JUnit XML schema CI
// servers read (junit-10.xsd of Jenkins, which GitLab and GitHub reporters
// accept), restated as a focused checker (junitSchema), and checks the
// content: one testcase per test, a FAIL's text is its trace.
func TestJUnitSchema(t *testing.T) {
	run := ciRun(t)
	var b bytes.Buffer
	if err := WriteJUnit(&b, run); err != nil {
		t.Fatal(err)
	}
	if err := validateJUnit(b.Bytes()); err != nil {
		t.Fatalf("JUnit XML does not follow the schema: %v\n%s", err, b.String())
	}
	var doc struct {
		Suites []struct {
			Cases []struct {
				Name    string `xml:"name,attr"`
				Failure *struct {
					Type string `xml:"type,attr"`
					Text string `xml:",chardata"`
				} `xml:"failure"`
				Error *struct {
					Text string `xml:",chardata"`
				} `xml:"error"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Suites) != 1 || len(doc.Suites[0].Cases) != len(run.Results) {
		t.Fatalf("want one suite with %d testcases:\n%s", len(run.Results), b.String())
	}
	cases := doc.Suites[0].Cases
	for i, c := range cases {
		r := run.Results[i]
		if c.Name != r.Test {
			t.Errorf("testcase %d is %q, want %q", i, c.Name, r.Test)
		}
		switch r.Verdict {
		case mining.Fail:
			if c.Failure == nil || c.Failure.Type != r.Reason || c.Failure.Text != traceText(r, "relaxed") {
				t.Errorf("%s: failure %+v, want type %s with the trace", r.Test, c.Failure, r.Reason)
			}
		case mining.Inconclusive:
			if c.Error == nil || !strings.Contains(c.Error.Text, "what to do:") || !strings.Contains(c.Error.Text, "execution at the loop bound") {
				t.Errorf("%s: error %+v, want the message, the hint and the execution", r.Test, c.Error)
			}
		case mining.Pass:
			if c.Failure != nil || c.Error != nil {
				t.Errorf("%s PASS has a failure or error", r.Test)
			}
		}
	}
}

// TestSARIFSchema validates --sarif output against the part of the SARIF
// 2.1.0 schema that covers what checkfence writes
// (testdata/schema/sarif-2.1.0-subset.schema.json: the full OASIS schema
// is some 110 KB and is not shipped) and checks that results sit at the
// failing source line.
func TestSARIFSchema(t *testing.T) {
	run := ciRun(t)
	var b bytes.Buffer
	if err := WriteSARIF(&b, run); err != nil {
		t.Fatal(err)
	}
	schema := loadSchema(t, filepath.Join("testdata", "schema", "sarif-2.1.0-subset.schema.json"))
	var doc any
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if errs := schema.validate(doc); len(errs) > 0 {
		t.Fatalf("SARIF log does not follow the schema:\n%s\n%s", strings.Join(errs, "\n"), b.String())
	}
	var log sarifLog
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	res := log.Runs[0].Results
	if len(res) != 3 { // the PASS has no result
		for _, r := range res {
			t.Log(r.Message.Text)
		}
		t.Fatalf("%d results, want 3 (two FAILs, one INCONCLUSIVE)", len(res))
	}
	at := func(i int) string {
		pl := res[i].Locations[0].PhysicalLocation
		return pl.ArtifactLocation.URI + ":" + strconv.Itoa(pl.Region.StartLine)
	}
	// Publish fails at the comparison next == 0 on line 26
	if res[1].RuleID != mining.ReasonRuntimeError || at(1) != "testdata/publish.c:26" || res[1].Level != "error" {
		t.Errorf("runtime error result %s at %s (%s), want runtime-error at testdata/publish.c:26", res[1].RuleID, at(1), res[1].Level)
	}
	// the handoff consistency failure sits at a reordered access on its path
	if res[0].RuleID != mining.ReasonConsistency || !strings.HasPrefix(at(0), "testdata/handoff.c:") || len(res[0].RelatedLocations) == 0 {
		t.Errorf("consistency result %s at %s with %d related locations", res[0].RuleID, at(0), len(res[0].RelatedLocations))
	}
	// the INCONCLUSIVE result sits at the loop, as a warning
	if res[2].RuleID != mining.ReasonUnrollLimit || at(2) != "testdata/retry.lsl:7" || res[2].Level != "warning" {
		t.Errorf("unroll-limit result %s at %s (%s), want a warning at testdata/retry.lsl:7", res[2].RuleID, at(2), res[2].Level)
	}
	for _, r := range res {
		if rules := log.Runs[0].Tool.Driver.Rules; r.RuleIndex >= len(rules) || rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("ruleIndex %d does not name rule %s", r.RuleIndex, r.RuleID)
		}
	}
}

// The schema checkers catch what they are for.
func TestSchemaCheckersReject(t *testing.T) {
	schema := loadSchema(t, filepath.Join("testdata", "schema", "sarif-2.1.0-subset.schema.json"))
	bad := map[string]string{
		"no version":       `{"runs": []}`,
		"wrong version":    `{"version": "2.0.0", "runs": []}`,
		"extra property":   `{"version": "2.1.0", "runs": [], "results": []}`,
		"no driver name":   `{"version": "2.1.0", "runs": [{"tool": {"driver": {}}}]}`,
		"bad level":        `{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"message": {"text": "m"}, "level": "fatal"}]}]}`,
		"message w/o text": `{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"message": {}}]}]}`,
		"line 0":           `{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"message": {"text": "m"}, "locations": [{"physicalLocation": {"artifactLocation": {"uri": "a.c"}, "region": {"startLine": 0}}}]}]}]}`,
		"empty threadFlow": `{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"message": {"text": "m"}, "codeFlows": [{"threadFlows": []}]}]}]}`,
	}
	for name, src := range bad {
		var doc any
		if err := json.Unmarshal([]byte(src), &doc); err != nil {
			t.Fatal(err)
		}
		if errs := schema.validate(doc); len(errs) == 0 {
			t.Errorf("SARIF checker accepts %s", name)
		}
	}
	badXML := map[string]string{
		"no name":         `<testsuites><testsuite tests="0"></testsuite></testsuites>`,
		"bad count":       `<testsuites><testsuite name="s" tests="x"></testsuite></testsuites>`,
		"unknown element": `<testsuites><testsuite name="s" tests="1"><testcase name="a"><oops/></testcase></testsuite></testsuites>`,
		"unknown attr":    `<testsuites><testsuite name="s" tests="1" color="red"></testsuite></testsuites>`,
		"count mismatch":  `<testsuites><testsuite name="s" tests="2"><testcase name="a"/></testsuite></testsuites>`,
	}
	for name, src := range badXML {
		if err := validateJUnit([]byte(src)); err == nil {
			t.Errorf("JUnit checker accepts %s", name)
		}
	}
}

// TestSARIFCodeFlow: a FAIL's result carries its trace as a code flow a
// viewer steps through: one thread flow per thread, one location per
// access or fence in program order (the C11 mapping's fences folded, as
// in the text trace), executionOrder the memory order, the reordered
// accesses important and the failing statement essential; the log
// follows the SARIF 2.1.0 structure (the schema subset).
func TestSARIFCodeFlow(t *testing.T) {
	schema := loadSchema(t, filepath.Join("testdata", "schema", "sarif-2.1.0-subset.schema.json"))
	for _, c := range []struct{ impl, tst, model, test string }{
		{"mp.lsl", "mp.tst", "relaxed", "MP"},
		{"publish.c", "publish.tst", "relaxed", "Publish"},
		{"c11mp.lsl", "c11mp.tst", "relaxed", "MP"},
	} {
		r := result(t, check(t, c.impl, c.tst, c.model), c.test)
		run := CIRun{Model: c.model, Version: "test", Results: []*mining.Result{r},
			Tests: []*lsl.Test{{Name: r.Test, Pos: diag.Pos{File: "testdata/" + c.tst, Line: 1, Col: 1}}}}
		var b bytes.Buffer
		if err := WriteSARIF(&b, run); err != nil {
			t.Fatal(err)
		}
		var doc any
		if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
			t.Fatal(err)
		}
		if errs := schema.validate(doc); len(errs) > 0 {
			t.Fatalf("%s: not SARIF 2.1.0:\n%s", c.test, strings.Join(errs, "\n"))
		}
		var log sarifLog
		if err := json.Unmarshal(b.Bytes(), &log); err != nil {
			t.Fatal(err)
		}
		res := log.Runs[0].Results
		if len(res) != 1 || len(res[0].CodeFlows) != 1 {
			t.Fatalf("%s: %d results, want one with one code flow:\n%s", c.test, len(res), b.String())
		}
		tr := newTrace(r)
		flows := res[0].CodeFlows[0].ThreadFlows
		byThread := map[string]sarifThreadFlow{}
		for _, f := range flows {
			byThread[f.ID] = f
		}
		essential := 0
		for _, th := range tr.threads {
			var want []*eventView
			for _, op := range th.Ops {
				for _, ev := range op.Events {
					if ev.Pos.IsValid() && !ev.MapFence && !ev.AfterRace {
						want = append(want, ev)
					}
				}
			}
			f := byThread[th.Name]
			var got []sarifThreadFlowLocation
			for _, l := range f.Locations {
				if l.Importance == "essential" {
					essential++
					continue
				}
				got = append(got, l)
			}
			if len(got) != len(want) {
				t.Errorf("%s: thread %s has %d flow locations, want %d (its events)", c.test, th.Name, len(got), len(want))
				continue
			}
			for i, ev := range want {
				l := got[i]
				pl := l.Location.PhysicalLocation
				if pl == nil || pl.Region.StartLine != ev.Pos.Line || l.ExecutionOrder != ev.Order ||
					(l.Importance == "important") != (ev.Overtakes != nil) || !strings.Contains(l.Location.Message.Text, ev.Kind) {
					t.Errorf("%s: thread %s step %d is %+v (%s), want the %s at line %d, #%d", c.test, th.Name, i, l, l.Location.Message.Text, ev.Kind, ev.Pos.Line, ev.Order)
				}
			}
		}
		if tr.failure != nil && essential != 1 {
			t.Errorf("%s: %d essential locations, want the failing statement", c.test, essential)
		}
		if c.impl == "c11mp.lsl" && !strings.Contains(b.String(), "store release flag = 1") {
			t.Errorf("the C11 access does not show its order:\n%s", b.String())
		}
	}
}
