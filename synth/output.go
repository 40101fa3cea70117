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
		if r.hasOrders() {
			fmt.Fprintf(w, "minimal set of changes: %d %s (%s)\n", len(r.Fences), plural(len(r.Fences), "change", "changes"), r.proof())
		} else {
			fmt.Fprintf(w, "minimal fence set: %d %s (%s)\n", len(r.Fences), plural(len(r.Fences), "fence", "fences"), r.proof())
		}
		width := 0
		for _, f := range r.Fences {
			width = max(width, len(location(f.Candidate)))
		}
		for _, f := range r.Fences {
			fmt.Fprintf(w, "  %-*s  %-20s  needed by %s: without it %s %s\n", width, location(f.Candidate), Describe(f.Candidate), f.Test, f.Verdict, reasonText(f.Reason, f.Message))
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

// hasOrders reports memory-order candidates in the search.
func (r *Result) hasOrders() bool {
	for _, c := range r.Candidates {
		if c.Barrier == nil {
			return true
		}
	}
	return false
}

// proof says why the set is minimal.
func (r *Result) proof() string {
	n := len(r.Fences)
	if n == 0 {
		return "the tests pass without fences"
	}
	if r.hasOrders() {
		return fmt.Sprintf("no %d changes (stronger orders or fences) pass every test; ties broken by the weakest orders and cheapest fences; each change is needed by the test shown%s", n-1, r.verifiedText())
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

// Describe names what a candidate does: its barrier, or for a memory
// order "load memory_order_relaxed -> memory_order_acquire".
func Describe(c *lsl.Candidate) string {
	if c.Barrier != nil {
		return c.Name()
	}
	what := map[string]string{"R": "load", "W": "store", "RMW": "read-modify-write"}[c.Access]
	return what + " " + lsl.C11OrderName(c.From) + " -> " + lsl.C11OrderName(c.Order)
}

// location is "file:line before|after|at".
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
	GrowChecks   int         `json:"grow_checks"`
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
		Rounds: r.Rounds, Checks: r.Checks, GrowChecks: r.GrowChecks, Clauses: r.Clauses, LimitClauses: r.LimitClauses, MaxUnroll: r.MaxUnroll, SearchUnroll: r.SearchUnroll, Verified: r.Verified, Seconds: r.Elapsed.Seconds(), Fences: []JSONFence{}}
	for _, c := range r.Choices {
		doc.Kinds = append(doc.Kinds, c.Name)
	}
	for _, f := range r.Fences {
		doc.Fences = append(doc.Fences, JSONFence{File: f.Point.File, Line: f.Point.Line, Side: f.Point.Side.String(), Proc: f.Point.Proc,
			Kind: Describe(f.Candidate), NeededBy: f.Test, Verdict: string(f.Verdict), Reason: f.Reason, Message: f.Message})
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
		ed := &edits{ins: map[int][]string{}, repl: map[int]string{}}
		for _, f := range byFile[file] {
			if f.Barrier == nil {
				if err := ed.order(file, lines, f.Candidate); err != nil {
					return err
				}
				continue
			}
			if _, err := BarrierLine(file, f.Barrier); err != nil {
				return err
			}
			at := f.Point.Line - 1
			if f.Point.Side == lsl.InsertAfter {
				at = f.Point.Line
			}
			ed.ins[at] = append(ed.ins[at], fenceLine(file, f, lines))
		}
		ed.write(w, file, lines)
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

// edits are the changes to one file: lines to add before original line
// index i (0-based; len(lines) appends), and lines replaced.
type edits struct {
	ins  map[int][]string
	repl map[int]string
}

// order rewrites the memory order of the access at c's line: the first
// argument naming its current order (memory_order_relaxed, …) of the call
// at the access's column; for a compare-and-swap, a failure order in the
// next argument weaker than the strongest order C11 allows for the new
// success order (acquire for acq_rel or acquire, seq_cst for seq_cst)
// becomes that order, as the candidate's conditional tags make the
// failed read (lsl.ResolveTags). When the column
// is not at a call on the line, a line naming the order once is changed
// there; otherwise the user is told to change it by hand.
func (ed *edits) order(file string, lines []string, c *lsl.Candidate) error {
	i := c.Point.Line - 1
	if i < 0 || i >= len(lines) {
		return fmt.Errorf("%s:%d: no such line to change the memory order", file, c.Point.Line)
	}
	line, ok := ed.repl[i]
	if !ok {
		line = lines[i]
	}
	from, to := lsl.C11OrderName(c.From), lsl.C11OrderName(c.Order)
	args := callArgs(line, c.Point.Pos.Col-1)
	at := -1
	for k, a := range args {
		if strings.TrimSpace(line[a[0]:a[1]]) == from {
			at = k
			break
		}
	}
	if at < 0 {
		if strings.Count(line, from) != 1 {
			return fmt.Errorf("%s:%d: cannot find the %s argument of the access to make it %s (an order behind a macro or on another line): change it by hand", file, c.Point.Line, from, to)
		}
		j := strings.Index(line, from)
		ed.repl[i] = line[:j] + to + line[j+len(from):]
		return nil
	}
	// replace from the last argument on, so that earlier spans stay valid
	if c.Access == "RMW" && at+1 < len(args) {
		fail := map[string]string{"ACQ": "memory_order_acquire", "ACQ_REL": "memory_order_acquire", "SC": "memory_order_seq_cst"}[c.Order]
		a := args[at+1]
		old := strings.TrimSpace(line[a[0]:a[1]])
		if ft := failTag(old); fail != "" && ft != "" && orderRank[ft] < orderRank[failTag(fail)] {
			j := a[0] + strings.Index(line[a[0]:a[1]], old)
			line = line[:j] + fail + line[j+len(old):]
		}
		// weakened (--relax): a failure order stronger than C11 allows
		// for the new success order becomes the strongest allowed
		if weak := lsl.C11OrderName(failureOrder(c.Order)); orderWeaker(c.Order, c.From) && orderRank[failTag(old)] > orderRank[failureOrder(c.Order)] {
			j := a[0] + strings.Index(line[a[0]:a[1]], old)
			line = line[:j] + weak + line[j+len(old):]
		}
	}
	a := args[at]
	j := a[0] + strings.Index(line[a[0]:a[1]], from)
	ed.repl[i] = line[:j] + to + line[j+len(from):]
	return nil
}

// callArgs returns the spans of the top-level arguments of the call that
// starts at column col of line (its name, then '('), nil when the call
// does not close on the line.
func callArgs(line string, col int) [][2]int {
	if col < 0 || col >= len(line) {
		return nil
	}
	open := strings.IndexByte(line[col:], '(')
	if open < 0 {
		return nil
	}
	open += col
	var out [][2]int
	depth, start := 0, open+1
	for k := open; k < len(line); k++ {
		switch line[k] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				return append(out, [2]int{start, k})
			}
		case ',':
			if depth == 1 {
				out = append(out, [2]int{start, k})
				start = k + 1
			}
		}
	}
	return nil
}

// write prints the unified diff of the edits, with three lines of context.
func (ed *edits) write(w io.Writer, file string, lines []string) {
	// A file ending in a newline splits into a last empty element.
	n := len(lines)
	if n > 0 && lines[n-1] == "" {
		n--
	}
	var at []int // original line indexes with a change
	for i := range ed.ins {
		at = append(at, i)
	}
	for i := range ed.repl {
		if _, ok := ed.ins[i]; !ok {
			at = append(at, i)
		}
	}
	sort.Ints(at)
	fmt.Fprintf(w, "--- a/%s\n+++ b/%s\n", file, file)
	const ctx = 3
	added := 0
	for a := 0; a < len(at); {
		b := a + 1
		for b < len(at) && at[b]-at[b-1] <= 2*ctx {
			b++
		}
		lo := max(at[a]-ctx, 0)
		hi := min(at[b-1]+ctx, n) // lines[lo:hi] and the insertions before hi
		if _, ok := ed.repl[at[b-1]]; ok {
			hi = min(at[b-1]+1+ctx, n)
		}
		var body []string
		oldN, newN := 0, 0
		for l := lo; l <= hi; l++ {
			for _, t := range ed.ins[l] {
				body = append(body, "+"+t)
				newN++
			}
			if l == hi {
				break
			}
			if r, ok := ed.repl[l]; ok {
				body = append(body, "-"+lines[l], "+"+r)
			} else {
				body = append(body, " "+lines[l])
			}
			oldN++
			newN++
		}
		fmt.Fprintf(w, "@@ -%d,%d +%d,%d @@\n", lo+1, oldN, lo+1+added, newN)
		for _, l := range body {
			fmt.Fprintln(w, l)
		}
		added += newN - oldN
		a = b
	}
}

// fenceLine is the line that writes fence f, with the indentation of the
// line it goes next to (one level deeper after a line that opens a block).
func fenceLine(file string, f *Fence, lines []string) string {
	ref := lines[f.Point.Line-1]
	indent := ref[:len(ref)-len(strings.TrimLeft(ref, " \t"))]
	if f.Point.Side == lsl.InsertAfter && strings.HasSuffix(strings.TrimSpace(ref), "{") {
		indent += "    "
	}
	line, _ := BarrierLine(file, f.Barrier)
	return indent + line
}

// failTag is the order tag of a memory_order_ name ("" for another text).
func failTag(name string) string {
	for _, o := range lsl.C11Orders {
		if lsl.C11OrderName(o) == name {
			return o
		}
	}
	return ""
}
