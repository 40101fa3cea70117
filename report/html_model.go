package report

import (
	"fmt"
	"html/template"
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/trace"
)

// maxObsRows bounds the serial observations listed on a page.
const maxObsRows = 64

// htmlPage is what the page template renders for one test.
type htmlPage struct {
	Model, Test, Verdict, VClass string
	Reason, ReasonText, Message  string
	Kind                         string // "Counterexample", "Witness execution" or "Execution at the loop bound"
	Bound                        string // where an INCONCLUSIVE execution stopped
	Hint                         string // what to do about an INCONCLUSIVE result
	Stats                        []htmlStat
	HasTrace                     bool
	NThreads                     int
	Threads                      []*htmlThread
	Failure                      *htmlFailure
	Obs                          *htmlObs
	Lanes                        *htmlLanes
	Reorders                     []reorder // those the failure depends on (all, when not known)
	MoreReorders                 []reorder // the others
	PathKnown                    bool      // Reorders/MoreReorders follow the failure's path
	Sources                      []*htmlSource
	Warnings                     []string    // beside the verdict (race.go)
	Race                         bool        // a data race: the legend explains its marks
	Ordered                      bool        // the execution has a memory order (not a cat model's): the legend explains #n and ↑
	CatWhy                       *htmlCatWhy // why a cat model allows the execution (catwhy.go)
	CSS                          template.CSS
	JS                           template.JS
}

type htmlStat struct{ Name, Value, Title string }

type htmlThread struct {
	Name, Status, Class string
	StatusText          string // the status in words
	StatusTitle         string // explains the status (the loop bound a pruned thread stopped at)
	Ops                 []*htmlOp
}

type htmlOp struct {
	Name, Label     string
	Inputs, Outputs []htmlField
	Groups          []htmlGroup
	Failure         *htmlFailure
}

type htmlField struct {
	Name, Value string
	Diff        bool
}

// htmlGroup is a run of events, boxed when it is an atomic block.
type htmlGroup struct {
	Atomic bool
	Events []*htmlEvent
}

type htmlEvent struct {
	*eventView
	ID       string // element id
	SrcID    string // element id of the store read
	SrcClass string // colour class of the store's thread
	PosLink  string // anchor of the source line ("" if the file is not shown)
	Title    string
}

type htmlFailure struct {
	ReasonText, Msg, Place, Where, PosLink, Snippet string
	Context                                         []htmlLine
}

type htmlLine struct {
	N       int
	ID      string
	Text    string
	Hit     bool
	Caret   string // spaces before the caret under the failing column
	Touched bool
	Marks   string
}

type htmlSource struct {
	Name  string
	Lines []htmlLine
}

type htmlObs struct {
	Failing bool
	Total   int
	Shown   int
	Threads []htmlSpan
	Cols    []string
	Rows    []htmlObsRow
	Closest int
	Match   int
}

type htmlSpan struct {
	Name, Class string
	Span        int
}

type htmlObsRow struct {
	Name, Class string
	Tags        []string
	Cells       []htmlObsCell
}

type htmlObsCell struct {
	Text         string
	Diff, Absent bool
}

// htmlLanes is the memory order: one column per access, in memory order,
// with one row per thread; the columns wrap onto new lines as the page
// narrows, so nothing is cut off or truncated.
type htmlLanes struct {
	Rows  int
	Names []htmlLaneName
	Steps []htmlStep
}

// htmlStep is one column: the access's chip in its thread's row, empty
// slots in the others.
type htmlStep struct {
	Chip  htmlChip
	Empty []int
}

type htmlLaneName struct {
	Name, Class string
	Row         int
}

type htmlChip struct {
	Row                         int
	Ev, Num, Thread, Text, Desc string
	Class                       string
}

func verdictClass(v mining.Verdict) string { return strings.ToLower(string(v)) }

// threadClass is the colour class of a thread: init and final are grey,
// concurrent threads take the palette in order.
func threadClass(th *threadView) string {
	if th.Kind != lsl.ThreadConcurrent {
		return "x"
	}
	n := 0
	fmt.Sscanf(strings.TrimPrefix(th.Name, "t"), "%d", &n)
	if n < 1 {
		n = th.Index + 1
	}
	return strconv.Itoa((n - 1) % 8)
}

func statsOf(r *mining.Result) []htmlStat {
	s := r.Stats
	return []htmlStat{
		{"instrs", num(s.Instrs), "loads, stores and fences of the unrolled program"},
		{"loads", num(s.Loads), ""},
		{"stores", num(s.Stores), ""},
		{"vars", num(s.Vars), "CNF variables"},
		{"clauses", num(s.Clauses), "CNF clauses"},
		{"observations", num(s.Observations), "observations of the serial executions"},
		{"time", secs(s.Total), fmt.Sprintf("encode %s, mine %s, solve %s", secs(s.Encode), secs(s.Mine), secs(s.Solve))},
	}
}

// newHTMLPage builds the page model of one result.
func newHTMLPage(model string, r *mining.Result) *htmlPage {
	pg := &htmlPage{Model: model, Test: r.Test, Verdict: string(r.Verdict), VClass: verdictClass(r.Verdict),
		Reason: r.Reason, ReasonText: reasonText(r.Reason), Message: r.Message, Stats: statsOf(r),
		CSS: template.CSS(pageCSS), JS: template.JS(pageJS)}
	if r.Verdict == mining.Inconclusive {
		pg.Hint = Hint(r)
	}
	pg.Warnings = warningTexts(r)
	t := newTrace(r)
	if t == nil {
		return pg
	}
	pg.HasTrace = true
	switch t.kind {
	case kindWitness:
		pg.Kind = "Witness execution"
	case kindBound:
		pg.Kind = "Execution at the loop bound"
		pg.Bound = t.boundSummary()
	default:
		pg.Kind = "Counterexample"
	}
	pg.Sources = htmlSources(t)
	anchors := map[string]int{}
	for i, s := range pg.Sources {
		anchors[s.Name] = i
	}
	link := func(p diag.Pos) string {
		if i, ok := anchors[p.File]; ok && p.IsValid() {
			return "s" + strconv.Itoa(i) + "-" + strconv.Itoa(p.Line)
		}
		return ""
	}
	diff := map[trace.ObsKey]bool{}
	if o := t.obs; o != nil && o.Failing {
		diff = diffKeysOf(o)
	}
	if f := t.failure; f != nil {
		pg.Failure = htmlFailureOf(t, f, link(f.Pos))
	}
	for _, th := range t.threads {
		ht := &htmlThread{Name: th.Name, Status: th.Status, Class: threadClass(th)}
		ht.StatusText = th.Status
		if th.Status == "pruned" {
			ht.StatusText = "at loop bound"
		}
		if th.Loop != nil {
			ht.StatusTitle = "stopped at the bound: " + iterations(th.Loop.Bound) + " of " + t.loopText(th.Loop)
		}
		for _, op := range th.Ops {
			ho := &htmlOp{Name: op.Name, Label: op.Label}
			for _, f := range op.Inputs {
				ho.Inputs = append(ho.Inputs, htmlField{f.Name, f.Value, diff[f.Key]})
			}
			for _, f := range op.Outputs {
				ho.Outputs = append(ho.Outputs, htmlField{f.Name, f.Value, diff[f.Key]})
			}
			for _, r := range op.rows() {
				ev := r.ev
				var he *htmlEvent
				if ch := r.ch; ch != nil {
					// a row without an id: nothing flows to or from it
					ev = &eventView{Kind: "choose", Addr: ch.Expr, Value: ch.Value, Pos: ch.Pos, Where: ch.Where}
					he = &htmlEvent{eventView: ev, PosLink: link(ch.Pos), Title: ch.Expr + " = " + ch.Value + ": a nondeterministic choice, " + ch.Pos.String()}
				} else {
					he = &htmlEvent{eventView: ev, ID: evID(ev), PosLink: link(ev.Pos), Title: ev.Pos.String()}
					if ev.Source != nil {
						he.SrcID = strconv.Itoa(ev.Source.Instr)
						he.SrcClass = threadClass(ev.Source.Thread)
					}
				}
				n := len(ho.Groups)
				if n > 0 && ev.Atomic != 0 && ho.Groups[n-1].Atomic && ho.Groups[n-1].Events[0].Atomic == ev.Atomic {
					ho.Groups[n-1].Events = append(ho.Groups[n-1].Events, he)
				} else if n > 0 && ev.Atomic == 0 && !ho.Groups[n-1].Atomic {
					ho.Groups[n-1].Events = append(ho.Groups[n-1].Events, he)
				} else {
					ho.Groups = append(ho.Groups, htmlGroup{Atomic: ev.Atomic != 0, Events: []*htmlEvent{he}})
				}
			}
			if op.Failure != nil {
				ho.Failure = pg.Failure
				if op.Failure != t.failure {
					ho.Failure = htmlFailureOf(t, op.Failure, link(op.Failure.Pos))
				}
			}
			ht.Ops = append(ht.Ops, ho)
		}
		pg.Threads = append(pg.Threads, ht)
	}
	pg.NThreads = len(pg.Threads)
	pg.Obs = htmlObsOf(t)
	pg.Lanes = htmlLanesOf(t)
	for _, ro := range t.reorders {
		if ro.OnPath {
			pg.Reorders = append(pg.Reorders, ro)
		} else {
			pg.MoreReorders = append(pg.MoreReorders, ro)
		}
	}
	pg.PathKnown = t.rel != nil
	pg.Race = t.race != nil
	pg.Ordered = len(t.order) > 0
	if w := newCatWhy(t); w != nil {
		pg.CatWhy = htmlCatWhyOf(w)
	}
	return pg
}

// htmlCatWhy is catWhy as the page shows it: the cycle's steps and the
// program-order steps the model does not order.
type htmlCatWhy struct {
	Model string
	First string
	Steps []struct{ Rel, To string }
	Loose []string
}

func htmlCatWhyOf(w *catWhy) *htmlCatWhy {
	h := &htmlCatWhy{Model: w.model, First: catAccess(w.cycle[0].from)}
	for i, st := range w.cycle {
		to := catAccess(st.to)
		if i == len(w.cycle)-1 {
			to = "back to the first"
		}
		h.Steps = append(h.Steps, struct{ Rel, To string }{catRelWords[st.rel], to})
	}
	for _, l := range w.loose {
		h.Loose = append(h.Loose, l.step.from.Thread.Name+" "+l.step.from.Kind+" "+l.step.from.Addr+" → "+l.step.to.Kind+" "+l.step.to.Addr+
			" ("+l.step.from.Where+", "+l.step.to.Where+"): not in "+strings.Join(l.checks, ", nor in "))
	}
	return h
}

func evID(ev *eventView) string { return strconv.Itoa(ev.Instr) }

func htmlFailureOf(t *traceView, f *failureView, link string) *htmlFailure {
	hf := &htmlFailure{ReasonText: reasonText(f.Reason), Msg: f.Msg, Place: f.place(), Where: f.Where, PosLink: link, Snippet: f.Snippet}
	for n := f.Pos.Line - 3; n <= f.Pos.Line+2; n++ {
		text, ok := t.src.line(f.Pos.File, n)
		if !ok {
			continue
		}
		l := htmlLine{N: n, Text: text, Hit: n == f.Pos.Line}
		if l.Hit {
			if c := displayCol(t.src, f.Pos); c > 0 {
				l.Caret = strings.Repeat(" ", c-1)
			}
		}
		hf.Context = append(hf.Context, l)
	}
	return hf
}

// htmlSources lists the readable source files of the trace with the lines
// its accesses executed marked.
func htmlSources(t *traceView) []*htmlSource {
	marks := map[string]map[int][]string{}
	var files []string
	mark := func(p diag.Pos, m string) {
		if !p.IsValid() || t.src.file(p.File) == nil {
			return
		}
		if marks[p.File] == nil {
			marks[p.File] = map[int][]string{}
			files = append(files, p.File)
		}
		marks[p.File][p.Line] = append(marks[p.File][p.Line], m)
	}
	for _, th := range t.threads {
		for _, op := range th.Ops {
			for _, ev := range op.Events {
				m := th.Name + " " + ev.Kind
				if ev.Order > 0 {
					m = "#" + strconv.Itoa(ev.Order) + " " + m
				}
				mark(ev.Pos, m)
			}
		}
	}
	if f := t.failure; f != nil {
		mark(f.Pos, "✗ "+reasonText(f.Reason))
	}
	var out []*htmlSource
	for i, f := range files {
		s := &htmlSource{Name: f}
		for n, text := range t.src.file(f) {
			if n == len(t.src.file(f))-1 && text == "" {
				break
			}
			l := htmlLine{N: n + 1, ID: "s" + strconv.Itoa(i) + "-" + strconv.Itoa(n+1), Text: expandTabs(text)}
			if ms := marks[f][n+1]; len(ms) > 0 {
				l.Touched = true
				l.Marks = clip(strings.Join(dedupe(ms), ", "), 120)
			}
			s.Lines = append(s.Lines, l)
		}
		out = append(out, s)
	}
	return out
}

func dedupe(xs []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// htmlObsOf lays the observation table out with one column per observed
// field (or per label, for records without fields).
func htmlObsOf(t *traceView) *htmlObs {
	o := t.obs
	if o == nil {
		return nil
	}
	h := &htmlObs{Failing: o.Failing, Total: len(o.Rows), Closest: o.Closest}
	type col struct{ keys []int }
	var cols []col
	for i := 0; i < len(o.Keys); {
		j := i
		for j < len(o.Keys) && o.Keys[j].Thread == o.Keys[i].Thread && o.Keys[j].Record == o.Keys[i].Record {
			j++
		}
		label := ""
		var fieldKeys []int
		for k := i; k < j; k++ {
			if isLabel(o.Keys[k]) {
				label = o.Keys[k].Name
			} else {
				fieldKeys = append(fieldKeys, k)
			}
		}
		if label == "" {
			label = "#" + strconv.Itoa(o.Keys[i].Record)
		}
		if len(fieldKeys) == 0 {
			cols = append(cols, col{keys: []int{i}})
			h.Cols = append(h.Cols, label+"()")
		}
		for _, k := range fieldKeys {
			cols = append(cols, col{keys: []int{k}})
			h.Cols = append(h.Cols, label+" · "+o.Keys[k].Name)
		}
		thread := o.Keys[i].Thread
		if n := len(h.Threads); n > 0 && h.Threads[n-1].Name == t.threadName(thread) {
			h.Threads[n-1].Span += max(1, len(fieldKeys))
		} else {
			h.Threads = append(h.Threads, htmlSpan{Name: t.threadName(thread), Class: threadClass(t.threads[thread]), Span: max(1, len(fieldKeys))})
		}
		i = j
	}
	row := func(r *obsRow, name, class string, tags ...string) htmlObsRow {
		hr := htmlObsRow{Name: name, Class: class, Tags: tags}
		for _, c := range cols {
			cell := r.Cells[c.keys[0]]
			hc := htmlObsCell{Text: cell.Value, Diff: cell.Diff}
			if isLabel(o.Keys[c.keys[0]]) && cell.Present {
				hc.Text = "✓"
			}
			if !cell.Present {
				hc.Text, hc.Absent = "—", true
			}
			hr.Cells = append(hr.Cells, hc)
		}
		return hr
	}
	if o.Failing {
		hr := row(o.Observed, "this execution", "observed", "not serial")
		// mark the observed cells the closest serial observations differ in
		for _, cr := range o.closestRows(3) {
			for i, c := range cols {
				if cr.Cells[c.keys[0]].Diff {
					hr.Cells[i].Diff = true
				}
			}
		}
		h.Rows = append(h.Rows, hr)
	} else {
		h.Rows = append(h.Rows, row(o.Observed, "this execution", "observed ok"))
	}
	for i, r := range o.Rows {
		if i == maxObsRows {
			break
		}
		var tags []string
		class := ""
		switch {
		case r.Distance == 0:
			tags, class = append(tags, "same"), "match"
		case o.Failing && r.Distance == o.Closest:
			tags, class = append(tags, "closest"), "closest"
		}
		h.Rows = append(h.Rows, row(r, "serial #"+strconv.Itoa(r.Index), class, tags...))
		h.Shown++
	}
	if o.Match != nil {
		h.Match = o.Match.Index
	}
	return h
}

// htmlLanesOf places every access of the memory order in its thread's lane.
func htmlLanesOf(t *traceView) *htmlLanes {
	if len(t.order) == 0 {
		return nil
	}
	l := &htmlLanes{}
	row := map[*threadView]int{}
	for _, th := range t.threads {
		has := false
		for _, op := range th.Ops {
			for _, ev := range op.Events {
				has = has || ev.Order > 0
			}
		}
		if has {
			row[th] = len(l.Names) + 1
			l.Names = append(l.Names, htmlLaneName{Name: th.Name, Class: threadClass(th), Row: row[th]})
		}
	}
	for i, ev := range t.order {
		short := "ld "
		if ev.IsStore() {
			short = "st "
		}
		c := htmlChip{Row: row[ev.Thread], Ev: evID(ev), Num: strconv.Itoa(i + 1), Thread: ev.Thread.Name,
			Text: short + ev.Addr + "=" + ev.Value, Class: "tc" + threadClass(ev.Thread) + " k-" + ev.Kind,
			Desc: fmt.Sprintf("#%d %s %s %s = %s at %s", i+1, ev.Thread.Name, ev.Kind, ev.Addr, ev.Value, ev.Where)}
		if ev.Overtakes != nil {
			c.Class += " reo"
			c.Desc += fmt.Sprintf(" (takes effect before #%d, which precedes it in program order)", ev.Overtakes.Order)
		}
		st := htmlStep{Chip: c}
		for r := 1; r <= len(l.Names); r++ {
			if r != c.Row {
				st.Empty = append(st.Empty, r)
			}
		}
		l.Steps = append(l.Steps, st)
	}
	l.Rows = len(l.Names)
	return l
}
