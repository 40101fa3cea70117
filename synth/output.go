package synth

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/checkfence/checkfence/lsl"
)

// WriteText prints the answer: one line per fence with its location, kind
// and the test that fails without it.
func WriteText(w io.Writer, r *Result) {
	switch r.Outcome {
	case Found:
		fmt.Fprintf(w, "minimal fence set: %d %s (%s)\n", len(r.Fences), plural(len(r.Fences), "fence", "fences"), r.proof())
		width := 0
		for _, f := range r.Fences {
			width = max(width, len(location(f.Candidate)))
		}
		for _, f := range r.Fences {
			fmt.Fprintf(w, "  %-*s  %-20s  needed by %s: without it %s %s\n", width, location(f.Candidate), f.Name(), f.Test, f.Verdict, reasonText(f.Reason, f.Message))
		}
	case Unfixable:
		fmt.Fprintf(w, "no fence set makes the tests pass: ")
		if f := r.Failure; f != nil {
			fmt.Fprintf(w, "%s %s %s whatever candidate fences are inserted\n", f.Test, f.Verdict, reasonText(f.Reason, f.Message))
		} else {
			fmt.Fprintf(w, "every selection of candidate fences fails a test\n")
		}
	case Undecided:
		fmt.Fprintf(w, "the search stopped: ")
		if f := r.Failure; f != nil {
			fmt.Fprintf(w, "%s %s %s\n", f.Test, f.Verdict, reasonText(f.Reason, f.Message))
		} else {
			fmt.Fprintln(w)
		}
	}
}

// proof says why the set is minimal.
func (r *Result) proof() string {
	n := len(r.Fences)
	if n == 0 {
		return "the tests pass without fences"
	}

	if r.LimitClauses > 0 {
		return fmt.Sprintf("no set of %d passes every test with loops unrolled at most %d times; ties broken by the cheapest kinds; each fence is needed by the test shown%s", n-1, r.MaxUnroll, r.verifiedText())
	}
	return fmt.Sprintf("no set of %d passes every test; ties broken by the cheapest kinds; each fence is needed by the test shown%s", n-1, r.verifiedText())
}

func (r *Result) verifiedText() string {
	if !r.Verified {
		return ""
	}
	return "; rechecked with the fences written in"
}

// location is "file:line before|after".
func location(c *lsl.Candidate) string {
	return fmt.Sprintf("%s:%d %s", c.Point.File, c.Point.Line, c.Point.Side)
}

func reasonText(reason, msg string) string {
	if msg == "" {
		return "(" + reason + ")"
	}
	return "(" + reason + ": " + msg + ")"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// JSON is the --json document.
type JSON struct {
	Outcome      string      `json:"outcome"`
	Model        string      `json:"model"`
	Kinds        []string    `json:"kinds"`
	Points       int         `json:"points"`
	Candidates   int         `json:"candidates"`
	Tests        int         `json:"tests"`
	Rounds       int         `json:"rounds"`
	Checks       int         `json:"checks"`
	Clauses      int         `json:"clauses"`
	LimitClauses int         `json:"limit_clauses"`
	MaxUnroll    int         `json:"max_unroll"`
	SearchUnroll int         `json:"search_unroll,omitempty"`
	Verified     bool        `json:"verified"`
	Seconds      float64     `json:"seconds"`
	Fences       []JSONFence `json:"fences"`
	Failure      *JSONFail   `json:"failure,omitempty"`
}

// JSONFence is one fence of the answer.
type JSONFence struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Side     string `json:"side"`
	Proc     string `json:"proc"`
	Kind     string `json:"kind"`
	NeededBy string `json:"needed_by"`
	Verdict  string `json:"verdict_without"`
	Reason   string `json:"reason_without"`
	Message  string `json:"message_without,omitempty"`
}

// JSONFail is the result that ended an unsuccessful search.
type JSONFail struct {
	Test    string `json:"test"`
	Verdict string `json:"verdict"`
	Reason  string `json:"reason"`
	Message string `json:"message,omitempty"`
}

// WriteJSON prints the answer as JSON.
func WriteJSON(w io.Writer, r *Result) error {
	doc := JSON{Outcome: string(r.Outcome), Model: r.Model, Points: r.Points, Candidates: len(r.Candidates), Tests: r.Tests,
		Rounds: r.Rounds, Checks: r.Checks, Clauses: r.Clauses, LimitClauses: r.LimitClauses, MaxUnroll: r.MaxUnroll, SearchUnroll: r.SearchUnroll, Verified: r.Verified, Seconds: r.Elapsed.Seconds(), Fences: []JSONFence{}}
	for _, c := range r.Choices {
		doc.Kinds = append(doc.Kinds, c.Name)
	}
	for _, f := range r.Fences {
		doc.Fences = append(doc.Fences, JSONFence{File: f.Point.File, Line: f.Point.Line, Side: f.Point.Side.String(), Proc: f.Point.Proc,
			Kind: f.Name(), NeededBy: f.Test, Verdict: string(f.Verdict), Reason: f.Reason, Message: f.Message})
	}
	if f := r.Failure; f != nil {
		doc.Failure = &JSONFail{Test: f.Test, Verdict: string(f.Verdict), Reason: f.Reason, Message: f.Message}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

// WriteDiff prints a unified diff that adds the fences to the source
// files, each on a line of its own with the indentation of the line it
// goes next to, written as the user of the file would write it
// (BarrierLine). Files that cannot be read, and barriers that have no C
// spelling, are reported as an error.
func WriteDiff(w io.Writer, r *Result, src *Sources) error {
	byFile := map[string][]*Fence{}
	var files []string
	for _, f := range r.Fences {
		file := f.Point.File
		if _, ok := byFile[file]; !ok {
			files = append(files, file)
		}
		byFile[file] = append(byFile[file], f)
	}
	sort.Strings(files)
	for _, file := range files {
		lines := src.Lines(file)
		if lines == nil {
			return fmt.Errorf("%s: cannot read the source file to patch", file)
		}
		for _, f := range byFile[file] {
			if _, err := BarrierLine(file, f.Barrier); err != nil {
				return err
			}
		}
		writeFileDiff(w, file, lines, byFile[file])
	}
	return nil
}

// BarrierLine is the statement that writes barrier b in file. In LSL:
// "fence KIND" for an LSL fence kind, "fence<TAG>" for a cat barrier (the
// event the cat model sees). In C: atomic_thread_fence(memory_order_…)
// for a C11 fence, the portable spelling a C11 program already uses; the
// barrier instruction as inline assembly with a memory clobber for an
// architecture barrier (`__asm__ volatile("dmb ish" ::: "memory");`: what
// compiles to that instruction with gcc and clang, a compiler barrier too,
// and what the C front ends read back as the barrier); lsl_fence("kind")
// for an LSL fence kind (the CheckFence API of lsl_protos.h). A tag of a
// user .cat model has no C spelling.
func BarrierLine(file string, b *lsl.Barrier) (string, error) {
	if !isC(file) {
		if len(b.Tags) > 0 {
			return "fence" + lsl.FormatTags(b.Tags[:1]), nil
		}
		return "fence " + b.Kinds[0].String(), nil
	}
	switch {
	case b.C11 != "":
		return "atomic_thread_fence(" + lsl.C11OrderName(b.C11) + ");", nil
	case b.Asm != "":
		return `__asm__ volatile("` + b.Asm + `" ::: "memory");`, nil
	case len(b.Tags) == 0:
		return `lsl_fence("` + b.Kinds[0].String() + `");`, nil
	}
	return "", fmt.Errorf("%s: barrier %s of the cat model has no C spelling; use --json, or write it in LSL as fence%s", file, b.Name, lsl.FormatTags(b.Tags))
}

// insertion is a line to add before original line index at (0-based; at =
// len(lines) appends).
type insertion struct {
	at   int
	text string
}

func fenceLine(file string, f *Fence, lines []string) string {
	ref := lines[f.Point.Line-1]
	indent := ref[:len(ref)-len(strings.TrimLeft(ref, " \t"))]
	if f.Point.Side == lsl.InsertAfter && strings.HasSuffix(strings.TrimSpace(ref), "{") {
		indent += "    "
	}
	line, _ := BarrierLine(file, f.Barrier)
	return indent + line
}

func writeFileDiff(w io.Writer, file string, lines []string, fences []*Fence) {
	// A file ending in a newline splits into a last empty element.
	n := len(lines)
	if n > 0 && lines[n-1] == "" {
		n--
	}
	var ins []insertion
	for _, f := range fences {
		at := f.Point.Line - 1
		if f.Point.Side == lsl.InsertAfter {
			at = f.Point.Line
		}
		ins = append(ins, insertion{at: at, text: fenceLine(file, f, lines)})
	}
	sort.SliceStable(ins, func(i, j int) bool { return ins[i].at < ins[j].at })
	fmt.Fprintf(w, "--- a/%s\n+++ b/%s\n", file, file)
	const ctx = 3
	for i := 0; i < len(ins); {
		// a hunk: insertions whose context windows touch
		j := i + 1
		for j < len(ins) && ins[j].at-ins[j-1].at <= 2*ctx {
			j++
		}
		lo := max(ins[i].at-ctx, 0)
		hi := min(ins[j-1].at+ctx, n)
		fmt.Fprintf(w, "@@ -%d,%d +%d,%d @@\n", lo+1, hi-lo, lo+1+countBefore(ins, i), hi-lo+(j-i))
		k := i
		for l := lo; l <= hi; l++ {
			for k < j && ins[k].at == l {
				fmt.Fprintf(w, "+%s\n", ins[k].text)
				k++
			}
			if l < hi {
				fmt.Fprintf(w, " %s\n", lines[l])
			}
		}
		i = j
	}
}

// countBefore is the number of lines added by earlier hunks.
func countBefore(ins []insertion, i int) int { return i }
