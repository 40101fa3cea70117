package report

import (
	"encoding/json"
	"io"

	"github.com/checkfence/checkfence/mining"
)

// JSONResults is the --json document of "checkfence run" (SPEC §2). Fields
// may be added; none may be renamed.
type JSONResults struct {
	Model string     `json:"model"`
	Tests []JSONTest `json:"tests"`
}

// JSONTest is one test's result.
type JSONTest struct {
	Name    string     `json:"name"`
	Verdict string     `json:"verdict"`
	Reason  string     `json:"reason,omitempty"`
	Message string     `json:"message,omitempty"`
	Hint    string     `json:"hint,omitempty"` // what to do about an INCONCLUSIVE result
	Stats   JSONStats  `json:"stats"`
	Trace   *JSONTrace `json:"trace,omitempty"`
	// Warnings do not change the verdict (a data race under
	// --races=warn, a flag of a cat model that fires).
	Warnings []JSONWarning `json:"warnings,omitempty"`
}

// JSONStats are the table columns.
type JSONStats struct {
	Instrs       int     `json:"instrs"`
	Loads        int     `json:"loads"`
	Stores       int     `json:"stores"`
	Vars         int     `json:"vars"`
	Clauses      int     `json:"clauses"`
	Observations int     `json:"observations"`
	Seconds      float64 `json:"seconds"`
	EncodeSecs   float64 `json:"encode_seconds"`
	MineSecs     float64 `json:"mine_seconds"`
	SolveSecs    float64 `json:"solve_seconds"`
	Rounds       int     `json:"unroll_rounds"`
}

// WriteJSON writes the --json document.
func WriteJSON(w io.Writer, model string, results []*mining.Result) error {
	doc := JSONResults{Model: model, Tests: []JSONTest{}}
	for _, r := range results {
		t := JSONTest{Name: r.Test, Verdict: string(r.Verdict), Reason: r.Reason, Message: r.Message,
			Stats: JSONStats{
				Instrs: r.Stats.Instrs, Loads: r.Stats.Loads, Stores: r.Stats.Stores,
				Vars: r.Stats.Vars, Clauses: r.Stats.Clauses, Observations: r.Stats.Observations,
				Seconds: r.Stats.Total.Seconds(), EncodeSecs: r.Stats.Encode.Seconds(),
				MineSecs: r.Stats.Mine.Seconds(), SolveSecs: r.Stats.Solve.Seconds(), Rounds: r.Stats.Rounds,
			}}
		t.Trace = TraceJSON(r)
		t.Warnings = jsonWarnings(r)
		if r.Verdict == mining.Inconclusive {
			t.Hint = Hint(r)
		}
		doc.Tests = append(doc.Tests, t)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}
