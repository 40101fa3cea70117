package report

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
)

// A data race in every output: the counterexample of testdata/race.lsl
// (message passing through a relaxed flag) on sc, saved as a fixture
// (checked with --races=fail when -update-fixtures is given), rendered
// as text, JSON, SARIF, JUnit and HTML and compared with golden files.

// raceResult is the fixture of the race, with the warning a
// --races=warn run reports.
func raceResult(t *testing.T) *mining.Result {
	t.Helper()
	const name, impl, tst = "race_sc", "race.lsl", "race.tst"
	if *updateFixtures {
		prog, err := lsl.ParseFiles([]lsl.SourceFile{{Name: filepath.Join("testdata", impl), Src: []byte(readFile(t, filepath.Join("testdata", impl)))}})
		if err != nil {
			t.Fatal(err)
		}
		tf, err := lsl.ParseTests(filepath.Join("testdata", tst), []byte(readFile(t, filepath.Join("testdata", tst))))
		if err != nil {
			t.Fatal(err)
		}
		m, _ := memmodel.Builtin("sc")
		r, err := mining.Check(context.Background(), prog, tf.Tests[0], mining.Options{Model: m, Races: mining.RacesFail})
		if err != nil {
			t.Fatal(err)
		}
		saveFixture(t, name, r)
		// fixtureResult would check it again, without --races
		*updateFixtures = false
		defer func() { *updateFixtures = true }()
	}
	r := fixtureResult(t, name, impl, tst, "sc", "Race")
	if r.Verdict != mining.Fail || r.Reason != mining.ReasonDataRace || r.Trace == nil || r.Trace.Race == nil {
		t.Fatalf("the fixture is no data race: %s %s", r.Verdict, r.Reason)
	}
	return r
}

// saveFixture writes a result as fixtureResult reads it.
func saveFixture(t *testing.T, name string, r *mining.Result) {
	t.Helper()
	fx := fixture{Test: r.Test, Verdict: r.Verdict, Reason: r.Reason, Message: r.Message,
		Trace: r.Trace, Observation: r.Observation, Mined: r.Mined, Blocks: r.Trace.Program.Blocks}
	b, err := json.MarshalIndent(fx, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("testdata", "fixtures", name+".json"), append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// raceWarned is a PASS with the warnings of a --races=warn run on rc11.
func raceWarned(t *testing.T) *mining.Result {
	rc := raceResult(t).Trace.Race
	x := raceResult(t).Trace
	a, b := x.Events[rc.First], x.Events[rc.Second]
	return &mining.Result{Test: "Warned", Verdict: mining.Pass,
		Warnings: []mining.Warning{
			{Kind: mining.WarnDataRace, Message: "data race: in t1 at " + a.Pos.String() + ", this store and the load of t2 race", Pos: a.Pos, Related: []diag.Pos{b.Pos}},
			{Kind: mining.WarnFlag, Name: "odd", Message: "flag odd fires in some execution"},
		}}
}

var (
	timestampAttr = regexp.MustCompile(`timestamp="[^"]*"`)
	srcRootURI    = regexp.MustCompile(`"uri": "file://[^"]*"`)
	inlineAssets  = regexp.MustCompile(`(?s)<style>.*?</style>|<script>.*?</script>`)
)

func TestRaceOutputsGolden(t *testing.T) {
	r := raceResult(t)
	results := []*mining.Result{r, raceWarned(t)}
	run := CIRun{Model: "sc", Version: "test", Results: results,
		Tests: []*lsl.Test{{Name: "Race", Pos: diag.Pos{File: "testdata/race.tst", Line: 1, Col: 6}}, {Name: "Warned", Pos: diag.Pos{File: "testdata/race.tst", Line: 1, Col: 6}}}}

	var text bytes.Buffer
	WriteTrace(&text, r, TextOptions{Model: "sc", Legend: true})
	golden(t, "race_sc.txt", text.Bytes())

	var js bytes.Buffer
	if err := WriteJSON(&js, "sc", results); err != nil {
		t.Fatal(err)
	}
	golden(t, "race_sc.json", js.Bytes())

	var sarif bytes.Buffer
	if err := WriteSARIF(&sarif, run); err != nil {
		t.Fatal(err)
	}
	golden(t, "race_sc.sarif", srcRootURI.ReplaceAll(sarif.Bytes(), []byte(`"uri": "file:///SRCROOT/"`)))
	var doc any
	if err := json.Unmarshal(sarif.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if errs := loadSchema(t, filepath.Join("testdata", "schema", "sarif-2.1.0-subset.schema.json")).validate(doc); len(errs) > 0 {
		t.Errorf("SARIF log does not follow the schema:\n%s", strings.Join(errs, "\n"))
	}

	var junit bytes.Buffer
	if err := WriteJUnit(&junit, run); err != nil {
		t.Fatal(err)
	}
	golden(t, "race_sc.xml", timestampAttr.ReplaceAll(junit.Bytes(), []byte(`timestamp="T"`)))
	if err := validateJUnit(junit.Bytes()); err != nil {
		t.Errorf("JUnit XML does not follow the schema: %v", err)
	}

	checkRaceOutputs(t, r, text.String(), js.Bytes(), sarif.Bytes())

	dir := t.TempDir()
	if err := WriteHTML(dir, "sc", results); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"test-Race.html", "index.html"} {
		page := inlineAssets.ReplaceAll([]byte(readFile(t, filepath.Join(dir, f))), []byte("<!-- inline asset -->"))
		golden(t, "race_sc_"+strings.TrimSuffix(f, ".html")+".html", page)
		if f == "test-Race.html" && strings.Count(string(page), ` race" id="e`) != 2 {
			t.Errorf("the page does not mark the two racing accesses")
		}
	}
}

// checkRaceOutputs checks what the golden files show: both accesses,
// with their positions, in each form.
func checkRaceOutputs(t *testing.T, r *mining.Result, text string, js, sarif []byte) {
	x := r.Trace
	first, second := x.Events[x.Race.First], x.Events[x.Race.Second]
	for _, want := range []string{"data race (1 of 2)", "data race (2 of 2)", "counterexample for Race on sc: data race", "… 1 access after the race"} {
		if !strings.Contains(text, want) {
			t.Errorf("the text trace lacks %q", want)
		}
	}
	var doc JSONResults
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatal(err)
	}
	f := doc.Tests[0].Trace.Failure
	if doc.Tests[0].Reason != mining.ReasonDataRace || f == nil || f.Race == nil ||
		f.Race.First.Pos != first.Pos.String() || f.Race.Second.Pos != second.Pos.String() || f.Race.First.Thread == f.Race.Second.Thread {
		t.Errorf("--json does not name both accesses: %+v", f)
	}
	if w := doc.Tests[1].Warnings; len(w) != 2 || w[0].Kind != mining.WarnDataRace || w[0].Pos == "" || len(w[0].Related) != 1 || w[1].Kind != mining.WarnFlag {
		t.Errorf("--json warnings %+v", w)
	}
	var log sarifLog
	if err := json.Unmarshal(sarif, &log); err != nil {
		t.Fatal(err)
	}
	var fails, warnings int
	for _, res := range log.Runs[0].Results {
		if res.Level == "warning" {
			warnings++
			continue
		}
		fails++
		line := func(l sarifLocation) int { return l.PhysicalLocation.Region.StartLine }
		if res.RuleID != mining.ReasonDataRace || line(res.Locations[0]) != first.Pos.Line || len(res.RelatedLocations) == 0 || line(res.RelatedLocations[0]) != second.Pos.Line {
			t.Errorf("SARIF result %s at %+v, related %+v: want the first access and the second as related", res.RuleID, res.Locations, res.RelatedLocations)
		}
	}
	if fails != 1 || warnings != 2 {
		t.Errorf("SARIF: %d errors and %d warnings, want the race and the two warnings", fails, warnings)
	}
}
