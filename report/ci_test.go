package report

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

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
		run.Tests = append(run.Tests, &lsl.Test{Name: r.Test, Pos: lsl.Pos{File: file, Line: 1, Col: 1}})
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

// --- a JSON Schema (draft-07) checker for the keywords the subset uses ---

type jsonSchema struct {
	root map[string]any
}

func loadSchema(t *testing.T, path string) *jsonSchema {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var root map[string]any
	if err := json.Unmarshal(b, &root); err != nil {
		t.Fatal(err)
	}
	return &jsonSchema{root: root}
}

func (s *jsonSchema) validate(doc any) []string {
	var errs []string
	s.check(s.root, doc, "$", &errs)
	return errs
}

func (s *jsonSchema) resolve(sch map[string]any) map[string]any {
	for {
		ref, ok := sch["$ref"].(string)
		if !ok {
			return sch
		}
		name := strings.TrimPrefix(ref, "#/definitions/")
		sch = s.root["definitions"].(map[string]any)[name].(map[string]any)
	}
}

func (s *jsonSchema) check(sch map[string]any, v any, at string, errs *[]string) {
	sch = s.resolve(sch)
	fail := func(format string, args ...any) { *errs = append(*errs, at+": "+fmt.Sprintf(format, args...)) }
	if typ, ok := sch["type"].(string); ok && !hasType(v, typ) {
		fail("want %s, got %T", typ, v)
		return
	}
	if enum, ok := sch["enum"].([]any); ok {
		found := false
		for _, e := range enum {
			if e == v {
				found = true
			}
		}
		if !found {
			fail("%v is not one of %v", v, enum)
		}
	}
	if min, ok := sch["minimum"].(float64); ok {
		if n, ok := v.(float64); ok && n < min {
			fail("%v is below the minimum %v", n, min)
		}
	}
	if f, ok := sch["format"].(string); ok {
		if str, ok := v.(string); ok {
			u, err := url.Parse(str)
			if err != nil || (f == "uri" && u.Scheme == "") {
				fail("%q is not a %s", str, f)
			}
		}
	}
	if anyOf, ok := sch["anyOf"].([]any); ok {
		matched := false
		for _, alt := range anyOf {
			var sub []string
			s.check(alt.(map[string]any), v, at, &sub)
			if len(sub) == 0 {
				matched = true
			}
		}
		if !matched {
			fail("matches none of anyOf")
		}
	}
	switch v := v.(type) {
	case map[string]any:
		props, _ := sch["properties"].(map[string]any)
		for _, r := range asList(sch["required"]) {
			if _, ok := v[r.(string)]; !ok {
				fail("required property %q is missing", r)
			}
		}
		for k, pv := range v {
			if p, ok := props[k]; ok {
				s.check(p.(map[string]any), pv, at+"."+k, errs)
				continue
			}
			switch ap := sch["additionalProperties"].(type) {
			case bool:
				if !ap {
					fail("property %q is not allowed", k)
				}
			case map[string]any:
				s.check(ap, pv, at+"."+k, errs)
			}
		}
	case []any:
		if min, ok := sch["minItems"].(float64); ok && float64(len(v)) < min {
			fail("%d items, want at least %v", len(v), min)
		}
		if items, ok := sch["items"].(map[string]any); ok {
			for i, x := range v {
				s.check(items, x, at+"["+strconv.Itoa(i)+"]", errs)
			}
		}
	}
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

func hasType(v any, typ string) bool {
	switch typ {
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "integer":
		n, ok := v.(float64)
		return ok && n == float64(int64(n))
	case "number":
		_, ok := v.(float64)
		return ok
	}
	return true
}

// --- the JUnit XML schema (junit-10.xsd) as a focused checker ---

// junitElem is an element of the schema: its attributes (true: required),
// which hold counts or times, and the child elements allowed.
type junitElem struct {
	attrs    map[string]bool
	children map[string]bool
	text     bool
}

var junitSchema = map[string]junitElem{
	"testsuites": {attrs: map[string]bool{"name": false, "time": false, "tests": false, "failures": false, "disabled": false, "errors": false},
		children: map[string]bool{"testsuite": true}},
	"testsuite": {attrs: map[string]bool{"name": true, "tests": true, "failures": false, "errors": false, "time": false, "disabled": false,
		"skipped": false, "timestamp": false, "hostname": false, "id": false, "package": false, "file": false, "log": false, "url": false,
		"version": false, "group": false},
		children: map[string]bool{"properties": true, "testcase": true, "system-out": true, "system-err": true, "testsuite": true}},
	"properties": {attrs: map[string]bool{}, children: map[string]bool{"property": true}},
	"property":   {attrs: map[string]bool{"name": true, "value": true}},
	"testcase": {attrs: map[string]bool{"name": true, "assertions": false, "time": false, "classname": false, "status": false, "class": false,
		"file": false, "line": false, "log": false, "group": false, "url": false},
		children: map[string]bool{"skipped": true, "error": true, "failure": true, "system-out": true, "system-err": true}},
	"skipped":    {attrs: map[string]bool{"message": false}, text: true},
	"error":      {attrs: map[string]bool{"message": false, "type": false}, text: true},
	"failure":    {attrs: map[string]bool{"message": false, "type": false}, text: true},
	"system-out": {attrs: map[string]bool{}, text: true},
	"system-err": {attrs: map[string]bool{}, text: true},
}

var junitCounts = map[string]bool{"tests": true, "failures": true, "errors": true, "skipped": true, "disabled": true, "assertions": true}

// validateJUnit checks an XML document against junitSchema: known
// elements and attributes only, required attributes present, counts
// non-negative integers, times non-negative decimals, and a suite's counts
// equal to its testcases.
func validateJUnit(b []byte) error {
	dec := xml.NewDecoder(bytes.NewReader(b))
	type open struct {
		name              string
		cases, fail, errs int
		attrs             map[string]string
	}
	var stack []*open
	root := true
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			name := tok.Name.Local
			el, ok := junitSchema[name]
			if !ok {
				return fmt.Errorf("unknown element <%s>", name)
			}
			if root && name != "testsuites" && name != "testsuite" {
				return fmt.Errorf("root element <%s>", name)
			}
			root = false
			if n := len(stack); n > 0 && !junitSchema[stack[n-1].name].children[name] {
				return fmt.Errorf("<%s> inside <%s>", name, stack[n-1].name)
			}
			attrs := map[string]string{}
			for _, a := range tok.Attr {
				if _, ok := el.attrs[a.Name.Local]; !ok {
					return fmt.Errorf("<%s> has unknown attribute %s", name, a.Name.Local)
				}
				attrs[a.Name.Local] = a.Value
				switch {
				case junitCounts[a.Name.Local]:
					if n, err := strconv.Atoi(a.Value); err != nil || n < 0 {
						return fmt.Errorf("<%s %s=%q>: not a count", name, a.Name.Local, a.Value)
					}
				case a.Name.Local == "time":
					if f, err := strconv.ParseFloat(a.Value, 64); err != nil || f < 0 {
						return fmt.Errorf("<%s time=%q>: not a duration", name, a.Value)
					}
				}
			}
			for a, req := range el.attrs {
				if _, ok := attrs[a]; req && !ok {
					return fmt.Errorf("<%s> lacks the required attribute %s", name, a)
				}
			}
			if n := len(stack); n > 0 {
				parent := stack[n-1]
				switch name {
				case "testcase":
					parent.cases++
				case "failure":
					parent.fail++
				case "error":
					parent.errs++
				}
			}
			stack = append(stack, &open{name: name, attrs: attrs})
		case xml.EndElement:
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if top.name == "testcase" && len(stack) > 0 {
				suite := stack[len(stack)-1]
				suite.fail += top.fail
				suite.errs += top.errs
			}
			if top.name == "testsuite" {
				for attr, n := range map[string]int{"tests": top.cases, "failures": top.fail, "errors": top.errs} {
					if v, ok := top.attrs[attr]; ok && v != strconv.Itoa(n) {
						return fmt.Errorf("testsuite %s=%s, but it has %d", attr, v, n)
					}
				}
			}
		case xml.CharData:
			if len(stack) > 0 && strings.TrimSpace(string(tok)) != "" && !junitSchema[stack[len(stack)-1].name].text {
				return fmt.Errorf("text inside <%s>", stack[len(stack)-1].name)
			}
		}
	}
	return nil
}
