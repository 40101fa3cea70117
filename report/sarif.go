package report

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
)

// SARIF 2.1.0 (--sarif FILE), the static-analysis format code hosts show
// inline: one result per FAIL (level error) or INCONCLUSIVE test (level
// warning), located at the failing statement; a consistency failure, which
// has none, at the first reordered access on the path to it, and a result
// at a loop bound at the loop. The trace's accesses form a code flow, one
// thread flow per thread; the reordered pairs the failure depends on are
// related locations.

const sarifSchema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

// srcRoot is the base of relative artifact paths: the directory checkfence
// ran in.
const srcRoot = "%SRCROOT%"

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool               sarifTool                   `json:"tool"`
	Invocations        []sarifInvocation           `json:"invocations"`
	OriginalURIBaseIDs map[string]sarifArtifactLoc `json:"originalUriBaseIds,omitempty"`
	Results            []sarifResult               `json:"results"`
	Properties         map[string]string           `json:"properties,omitempty"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri,omitempty"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	Name             string       `json:"name"`
	ShortDescription sarifMessage `json:"shortDescription"`
	FullDescription  sarifMessage `json:"fullDescription"`
	DefaultConfig    sarifConfig  `json:"defaultConfiguration"`
}

type sarifConfig struct {
	Level string `json:"level"`
}

type sarifInvocation struct {
	ExecutionSuccessful bool `json:"executionSuccessful"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID           string            `json:"ruleId"`
	RuleIndex        int               `json:"ruleIndex"`
	Level            string            `json:"level"`
	Message          sarifMessage      `json:"message"`
	Locations        []sarifLocation   `json:"locations"`
	RelatedLocations []sarifLocation   `json:"relatedLocations,omitempty"`
	CodeFlows        []sarifCodeFlow   `json:"codeFlows,omitempty"`
	Properties       map[string]string `json:"properties,omitempty"`
}

type sarifLocation struct {
	ID               *int                   `json:"id,omitempty"`
	PhysicalLocation *sarifPhysicalLocation `json:"physicalLocation,omitempty"`
	Message          *sarifMessage          `json:"message,omitempty"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifactLoc `json:"artifactLocation"`
	Region           *sarifRegion     `json:"region,omitempty"`
}

type sarifArtifactLoc struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

type sarifCodeFlow struct {
	Message     *sarifMessage     `json:"message,omitempty"`
	ThreadFlows []sarifThreadFlow `json:"threadFlows"`
}

type sarifThreadFlow struct {
	ID        string                    `json:"id,omitempty"`
	Message   *sarifMessage             `json:"message,omitempty"`
	Locations []sarifThreadFlowLocation `json:"locations"`
}

type sarifThreadFlowLocation struct {
	Location       sarifLocation `json:"location"`
	ExecutionOrder int           `json:"executionOrder,omitempty"`
	Importance     string        `json:"importance,omitempty"`
}

// sarifRules are the kinds of results, by the reason of the result.
var sarifRules = []struct {
	reason, name, short, full, level string
}{
	{mining.ReasonConsistency, "NotSequentiallyConsistent", "Not sequentially consistent",
		"An execution on the memory model produces an observation (operation arguments and results) that no serial execution produces.", "error"},
	{mining.ReasonAssertion, "AssertionFailed", "Assertion failed", "An assertion is false in some execution on the memory model.", "error"},
	{mining.ReasonRuntimeError, "RuntimeError", "Runtime error",
		"Some execution on the memory model dereferences a null or uninitialised pointer, divides by zero, uses an uninitialised value, or frees a block that is not allocated.", "error"},
	{mining.ReasonDeadlock, "Deadlock", "Deadlock", "Some execution on the memory model waits forever in a spin loop or lock.", "error"},
	{mining.ReasonSpecError, "ReferenceFails", "The reference implementation fails", "A serial execution of the reference implementation (--spec) fails.", "error"},
	{mining.ReasonUnrollLimit, "UnrollLimit", "Unrolling limit reached",
		"The test could not be decided: a loop needs more iterations than --max-unroll allows.", "warning"},
	{mining.ReasonTimeout, "Timeout", "Time limit reached", "The test could not be decided within --timeout.", "warning"},
	{mining.ReasonMemory, "MemoryLimit", "Memory limit reached", "The test could not be decided within --max-memory.", "warning"},
	{mining.ReasonInterrupted, "Interrupted", "Interrupted", "The check was interrupted.", "warning"},
	{mining.ReasonDataRace, "DataRace", "Data race",
		"Two accesses of different threads to one location, one of them a store and one not atomic, that happens-before does not order, in some execution on the memory model: undefined behaviour in C11.", "error"},
	{mining.WarnFlag, "ModelFlag", "A flag of the memory model fires",
		"A flag of the cat memory model (flag ~empty … as name) fires in some execution; the verdict does not depend on it.", "warning"},
}

// WriteSARIF writes the SARIF 2.1.0 log of a run.
func WriteSARIF(w io.Writer, run CIRun) error {
	driver := sarifDriver{Name: "checkfence", Version: run.Version}
	ruleIndex := map[string]int{}
	for i, rl := range sarifRules {
		ruleIndex[rl.reason] = i
		driver.Rules = append(driver.Rules, sarifRule{ID: rl.reason, Name: rl.name,
			ShortDescription: sarifMessage{rl.short}, FullDescription: sarifMessage{rl.full}, DefaultConfig: sarifConfig{rl.level}})
	}
	sr := sarifRun{Tool: sarifTool{Driver: driver}, Invocations: []sarifInvocation{{ExecutionSuccessful: true}},
		Results: []sarifResult{}, Properties: map[string]string{"model": run.Model}}
	if wd, err := os.Getwd(); err == nil {
		sr.OriginalURIBaseIDs = map[string]sarifArtifactLoc{srcRoot: {URI: fileURI(wd) + "/"}}
	}
	for i, r := range run.Results {
		sr.Results = append(sr.Results, warningResults(r, run.Model, ruleIndex)...)
		if r.Verdict == mining.Pass {
			continue
		}
		idx, ok := ruleIndex[r.Reason]
		if !ok {
			continue // a reason without a rule cannot be reported
		}
		t := newTrace(r)
		res := sarifResult{RuleID: r.Reason, RuleIndex: idx, Level: sarifRules[idx].level,
			Message:    sarifMessage{fmt.Sprintf("%s on %s: %s", r.Test, run.Model, summary(r, t))},
			Properties: map[string]string{"test": r.Test, "verdict": string(r.Verdict), "model": run.Model}}
		if h := Hint(r); r.Verdict == mining.Inconclusive && h != "" {
			res.Message.Text += " (what to do: " + h + ")"
		}
		pos, what := resultPos(t, run.test(i))
		if t != nil && t.race != nil {
			what = t.race.First.Thread.Name + ": the first access of the data race, " + raceAccess(t.race.First)
		}
		if pos.IsValid() {
			loc := sarifLoc(pos, what)
			res.Locations = []sarifLocation{loc}
		} else {
			res.Locations = []sarifLocation{}
		}
		if t != nil {
			res.RelatedLocations = renumber(append(raceRelated(t), relatedReorders(t)...))
			res.CodeFlows = codeFlows(t)
		}
		sr.Results = append(sr.Results, res)
	}
	log := sarifLog{Schema: sarifSchema, Version: "2.1.0", Runs: []sarifRun{sr}}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}

// resultPos locates a result: the failing statement, the first reordered
// access on the path to a consistency failure, the loop an INCONCLUSIVE
// execution stopped at, or else the test's declaration.
func resultPos(t *traceView, test *lsl.Test) (diag.Pos, string) {
	if t != nil {
		if f := t.failure; f != nil && f.Pos.IsValid() {
			return f.Pos, "the failing statement"
		}
		for _, li := range t.boundLoops() {
			if li.Pos.IsValid() {
				return li.Pos, "the loop whose bound was reached"
			}
		}
		for _, ro := range t.reorders {
			if t.rel != nil && ro.OnPath && ro.First.Pos.IsValid() {
				return ro.First.Pos, fmt.Sprintf("%s: %s takes effect before %s", ro.First.Thread.Name,
					describeAccess(ro.First), describeAccess(ro.Overtaken))
			}
		}
	}
	if test != nil {
		return test.Pos, "the test"
	}
	return diag.Pos{}, ""
}

func sarifLoc(p diag.Pos, msg string) sarifLocation {
	al := sarifArtifactLoc{URI: fileURI(p.File)}
	if !filepath.IsAbs(p.File) {
		al.URIBaseID = srcRoot
	}
	reg := &sarifRegion{StartLine: p.Line}
	if p.Col > 0 {
		reg.StartColumn = p.Col
	}
	loc := sarifLocation{PhysicalLocation: &sarifPhysicalLocation{ArtifactLocation: al, Region: reg}}
	if msg != "" {
		loc.Message = &sarifMessage{msg}
	}
	return loc
}

// fileURI turns a file path into a URI reference: relative paths stay
// relative (to SRCROOT), absolute ones become file: URIs.
func fileURI(path string) string {
	p := filepath.ToSlash(path)
	if filepath.IsAbs(path) {
		if !strings.HasPrefix(p, "/") {
			p = "/" + p // a Windows drive
		}
		return (&url.URL{Scheme: "file", Path: p}).String()
	}
	return (&url.URL{Path: p}).String()
}

// relatedReorders are the reordered pairs the failure depends on.
func relatedReorders(t *traceView) []sarifLocation {
	var out []sarifLocation
	if t.rel == nil {
		return nil // not known which pairs matter
	}
	for _, ro := range t.reorders {
		if !ro.OnPath || !ro.First.Pos.IsValid() {
			continue
		}
		loc := sarifLoc(ro.First.Pos, fmt.Sprintf("%s: %s takes effect before %s (reordered by the memory model)",
			ro.First.Thread.Name, describeAccess(ro.First), describeAccess(ro.Overtaken)))
		id := len(out) + 1
		loc.ID = &id
		out = append(out, loc)
	}
	return out
}

// maxFlowSteps bounds the accesses of a code flow.
const maxFlowSteps = 200

// codeFlows is the execution as one code flow: per thread, its accesses
// in program order, numbered in memory order.
func codeFlows(t *traceView) []sarifCodeFlow {
	cf := sarifCodeFlow{Message: &sarifMessage{"the execution, one thread flow per thread; executionOrder is the memory order"}}
	steps := 0
	for _, th := range t.threads {
		tf := sarifThreadFlow{ID: th.Name, Message: &sarifMessage{"thread " + th.Name}}
		for _, op := range th.Ops {
			for _, ev := range op.Events {
				if steps == maxFlowSteps || !ev.Pos.IsValid() || ev.AfterRace || ev.MapFence {
					continue // (the C11 mapping's fences are part of their access: c11fold.go)
				}
				steps++
				text := ev.Kind + " " + ev.Fence
				switch {
				case ev.Kind == "fence" && ev.C11 != "":
					text = "fence " + ev.C11
				case ev.Kind != "fence" && ev.C11 != "":
					text = ev.Kind + " " + ev.C11 + " " + ev.Addr + " = " + ev.Value
				case ev.Kind != "fence":
					text = ev.Kind + " " + ev.Addr + " = " + ev.Value
				}
				if ev.Order > 0 {
					text = "#" + fmt.Sprint(ev.Order) + " " + text
				}
				if ev.Source != nil {
					text += " (reads " + ev.Source.Thread.Name + "'s store at " + ev.Source.Where + ")"
				} else if ev.Initial {
					text += " (reads the initial value)"
				}
				if ev.Overtakes != nil {
					text += fmt.Sprintf(" (takes effect before #%d)", ev.Overtakes.Order)
				}
				tfl := sarifThreadFlowLocation{Location: sarifLoc(ev.Pos, text), ExecutionOrder: ev.Order, Importance: "unimportant"}
				if ev.Overtakes != nil {
					tfl.Importance = "important"
				}
				tf.Locations = append(tf.Locations, tfl)
			}
			if f := op.Failure; f != nil && f.Pos.IsValid() {
				tf.Locations = append(tf.Locations, sarifThreadFlowLocation{
					Location: sarifLoc(f.Pos, reasonText(f.Reason)+": "+f.Msg), Importance: "essential"})
			}
		}
		if f := t.failure; f != nil && f.Thread == th && f.Op == nil && f.Pos.IsValid() {
			tf.Locations = append(tf.Locations, sarifThreadFlowLocation{
				Location: sarifLoc(f.Pos, reasonText(f.Reason)+": "+f.Msg), Importance: "essential"})
		}
		if len(tf.Locations) > 0 {
			cf.ThreadFlows = append(cf.ThreadFlows, tf)
		}
	}
	if len(cf.ThreadFlows) == 0 {
		return nil
	}
	return []sarifCodeFlow{cf}
}
