package report

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/trace"
)

// TextOptions control the terminal trace.
type TextOptions struct {
	// Color turns on ANSI colours; set it only when writing to a terminal
	// (see ColorTerminal).
	Color bool
	// Model is the memory model's name, shown in the heading ("" omits it).
	Model string
	// Verbose lists every reordered pair, not only those the failure
	// depends on.
	Verbose bool
	// Legend explains the notation under the trace (the first one a
	// command prints).
	Legend bool
}

// maxAlign caps the width a column is padded to, so one long pointer value
// does not push every other line to the right.
const maxAlign = 36

// WriteTrace writes the execution of a result (the counterexample of a FAIL
// or the witness of a PASS) as text: per thread the operations with their
// inputs and outputs, under each its loads, stores and fences with source
// position, C-level address, value, memory-order number and (for loads) the
// store read; the failing statement with its source line; the memory order;
// the accesses the memory model reordered; and, for a consistency failure,
// the closest observations of serial executions with the differences
// marked. It writes nothing for a result without an execution.
func WriteTrace(w io.Writer, r *mining.Result, opt TextOptions) {
	t := newTrace(r)
	if t == nil {
		return
	}
	tt := &textTrace{t: t, p: painter{opt.Color}, opt: opt}
	var b strings.Builder
	tt.heading(&b)
	tt.threads(&b)
	tt.memoryOrder(&b)
	tt.reordered(&b)
	if w := newCatWhy(t); w != nil {
		w.write(&b, tt.p)
	}
	tt.observations(&b)
	if opt.Legend {
		b.WriteString("\n" + indent(legendFor(r), "  "))
	}
	io.WriteString(w, b.String())
}

type textTrace struct {
	t   *traceView
	p   painter
	opt TextOptions
}

func (tt *textTrace) heading(b *strings.Builder) {
	t, r, p := tt.t, tt.t.res, tt.p
	on := ""
	if tt.opt.Model != "" {
		on = " on " + tt.opt.Model
	}
	switch t.kind {
	case kindWitness:
		fmt.Fprintf(b, "%s for %s%s: %s\n", p.paint(stylePass, "witness"), p.paint(styleBold, r.Test), on,
			"one execution (every execution passes)")
		return
	case kindBound:
		fmt.Fprintf(b, "%s for %s%s: %s\n", p.paint(styleWarn, "execution at the loop bound"), p.paint(styleBold, r.Test), on,
			"not a failure; the check needs more iterations than the bound allows")
		fmt.Fprintf(b, "  %s\n", t.boundSummary())
		return
	}
	fmt.Fprintf(b, "%s for %s%s: %s\n", p.paint(styleFail, "counterexample"), p.paint(styleBold, r.Test), on,
		p.paint(styleFail, reasonText(r.Reason)))
	switch f := t.failure; {
	case r.Reason == mining.ReasonConsistency && t.obs != nil:
		fmt.Fprintf(b, "  the observation %s is not produced by any serial execution\n", t.obs.Observed.Text)
	case f != nil && r.Reason != mining.ReasonSpecError:
		fmt.Fprintf(b, "  %s at %s: %s\n", f.place(), f.Where, f.Msg)
	case r.Message != "":
		fmt.Fprintf(b, "  %s\n", r.Message)
	}
}

// place names the thread and operation of a failure.
func (f *failureView) place() string {
	s := f.Thread.Name
	if f.Op != nil {
		s += " (" + f.Op.Name + ")"
	}
	return s
}

// evCells are the columns of one event line.
type evCells struct {
	order, gutter, kind, access, expr, where, note string
	race                                           string // the mark of a racing access
	ev                                             *eventView
}

func (tt *textTrace) cells(ev *eventView) evCells {
	c := evCells{ev: ev, kind: ev.Kind, where: ev.Where}
	if ev.Order > 0 {
		c.order = "#" + strconv.Itoa(ev.Order)
	}
	switch {
	case ev.Kind == "fence" && ev.C11 != "" && !tt.opt.Verbose:
		c.access = ev.C11
	case ev.Kind == "fence" && ev.C11 != "":
		c.access = ev.Fence + " (" + ev.C11 + ")"
	case ev.Kind == "fence":
		c.access = ev.Fence
	default:
		if ev.C11 != "" {
			c.kind += " " + ev.C11
		}
		c.access = ev.Addr + " = " + ev.Value
	}
	if ev.Expr != "" && ev.Expr != ev.Addr {
		c.expr = "(" + ev.Expr + ")"
	}
	var notes []string
	switch {
	case ev.Source != nil:
		notes = append(notes, "← "+ev.Source.Thread.Name+" store @ "+ev.Source.Where+orderRef(ev.Source))
	case ev.Initial:
		notes = append(notes, "← initial value")
	case ev.IsLoad():
		notes = append(notes, "← unknown store")
	}
	if ev.Overtakes != nil {
		notes = append(notes, "↑ before #"+strconv.Itoa(ev.Overtakes.Order))
	}
	c.note = strings.Join(notes, "  ")
	c.race = raceNote(ev)
	return c
}

// choiceCells shows a nondeterministic choice as a row of its own:
// "choose  __VERIFIER_nondet_int() = 7  file:line".
func choiceCells(ch *choiceView) evCells {
	return evCells{kind: "choose", gutter: " ", access: ch.Expr + " = " + ch.Value, where: ch.Where, ev: &eventView{}}
}

func orderRef(ev *eventView) string {
	if ev.Order == 0 {
		return ""
	}
	return " (#" + strconv.Itoa(ev.Order) + ")"
}

// gutters marks the events of atomic blocks: ┌ │ └ (or [ for one event).
func gutters(evs []*eventView) []string {
	out := make([]string, len(evs))
	for i := 0; i < len(evs); {
		j := i
		for j < len(evs) && evs[i].Atomic != 0 && evs[j].Atomic == evs[i].Atomic {
			j++
		}
		if j == i {
			out[i] = " "
			i++
			continue
		}
		for k := i; k < j; k++ {
			switch {
			case j-i == 1:
				out[k] = "["
			case k == i:
				out[k] = "┌"
			case k == j-1:
				out[k] = "└"
			default:
				out[k] = "│"
			}
		}
		i = j
	}
	return out
}

func (tt *textTrace) threads(b *strings.Builder) {
	t, p := tt.t, tt.p
	// one pass to size the columns across the whole trace
	rows := map[*eventView]evCells{}
	var wOrder, wKind, wAccess, wExpr, wWhere int
	anyAtomic := false
	for _, th := range t.threads {
		for _, op := range th.Ops {
			g := gutters(op.Events)
			for i, ev := range op.Events {
				if tt.hidden(ev) {
					continue
				}
				c := tt.cells(ev)
				c.gutter = g[i]
				if ev.Atomic != 0 {
					anyAtomic = true
				}
				rows[ev] = c
				wOrder = max(wOrder, width(c.order))
				wKind = max(wKind, width(c.kind))
				wAccess = max(wAccess, min(width(c.access), maxAlign))
				wExpr = max(wExpr, min(width(c.expr), maxAlign))
				wWhere = max(wWhere, width(c.where))
			}
			for _, ch := range op.Choices {
				c := choiceCells(ch)
				wKind = max(wKind, width(c.kind))
				wAccess = max(wAccess, min(width(c.access), maxAlign))
				wWhere = max(wWhere, width(c.where))
			}
		}
	}
	diff := tt.diffKeys()
	kindCol := 6 + wOrder + 2 // where the kind column starts: failures line up with it
	if anyAtomic {
		kindCol += 2
	}
	for _, th := range t.threads {
		status := ""
		switch th.Status {
		case "failed":
			status = p.paint(styleFail, " (failed)")
		case "blocked":
			status = p.paint(styleWarn, " (blocked in a spin loop)")
		case "pruned":
			if th.Loop != nil {
				status = p.paint(styleWarn, " (stopped at the bound: "+iterations(th.Loop.Bound)+" of "+t.loopText(th.Loop)+")")
			} else {
				status = p.paint(styleWarn, " (stopped at the loop bound)")
			}
		case "livelock":
			status = p.paint(styleWarn, " (retries a loop forever)")
		case "not-started":
			status = " (not started: " + t.waitedFor(th) + ")"
		}
		fmt.Fprintf(b, "\n  thread %s%s\n", p.paint(styleThread, th.Name), status)
		folded := 0 // accesses after a race
		for _, op := range th.Ops {
			fmt.Fprintf(b, "    %s\n", tt.opTitle(op, diff))
			for _, r := range op.rows() {
				if r.ev != nil && r.ev.AfterRace {
					folded++
					continue
				}
				if tt.hidden(r.ev) {
					continue
				}
				c := rows[r.ev]
				if r.ch != nil {
					c = choiceCells(r.ch)
				}
				var line strings.Builder
				line.WriteString("      ")
				line.WriteString(p.paint(styleDim, padLeft(c.order, wOrder)))
				line.WriteString("  ")
				if anyAtomic {
					line.WriteString(p.paint(styleYellow, c.gutter) + " ")
				}
				line.WriteString(p.paint(kindStyle(c.kind), pad(c.kind, wKind)))
				line.WriteString("  ")
				line.WriteString(pad(c.access, wAccess))
				if wExpr > 0 {
					line.WriteString("  " + p.paint(styleDim, pad(c.expr, wExpr)))
				}
				line.WriteString("  " + p.paint(styleDim, pad(c.where, wWhere)))
				if c.note != "" {
					line.WriteString("  " + tt.paintNote(c))
				}
				if c.race != "" {
					line.WriteString("  " + p.paint(styleFail, c.race))
				}
				b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
			}
			if f := op.Failure; f != nil {
				tt.failureLines(b, f, kindCol)
			}
		}
		if f := t.failure; f != nil && f.Thread == th && f.Op == nil {
			tt.failureLines(b, f, kindCol)
		}
		if folded > 0 {
			n := "1 access"
			if folded > 1 {
				n = strconv.Itoa(folded) + " accesses"
			}
			fmt.Fprintf(b, "      %s\n", p.paint(styleDim, "… "+n+" after the race (what a racy program does next is undefined)"))
		}
	}
	if anyAtomic {
		fmt.Fprintf(b, "  (%s mark atomic blocks)\n", p.paint(styleYellow, "┌ │ └"))
	}
}

func (tt *textTrace) paintNote(c evCells) string {
	p := tt.p
	if !p.on {
		return c.note
	}
	parts := strings.SplitN(c.note, "  ↑", 2)
	out := p.paint(styleGreen, parts[0])
	if c.ev.Initial {
		out = p.paint(styleDim, parts[0])
	}
	if strings.HasPrefix(c.note, "↑") {
		return p.paint(styleYellow, c.note)
	}
	if len(parts) == 2 {
		out += "  " + p.paint(styleYellow, "↑"+parts[1])
	}
	return out
}

func kindStyle(kind string) string {
	kind, _, _ = strings.Cut(kind, " ") // "store release"
	switch kind {
	case "load":
		return styleBlue
	case "store":
		return styleMagenta
	}
	return styleDim
}

// opTitle is "name  label(inputs) → outputs"; outputs that differ from the
// closest serial observation are highlighted.
func (tt *textTrace) opTitle(op *opView, diff map[trace.ObsKey]bool) string {
	p := tt.p
	title := p.paint(styleBold, op.Name)
	if op.Label == "" && len(op.Inputs) == 0 && len(op.Outputs) == 0 {
		return title
	}
	fields := func(fs []field) string {
		var parts []string
		for _, f := range fs {
			s := f.Name + "=" + f.Value
			if diff[f.Key] {
				s = p.paint(styleDiff, s)
			}
			parts = append(parts, s)
		}
		return strings.Join(parts, ", ")
	}
	if op.Label != "" && op.Label != op.Name {
		title += "  " + op.Label
	}
	title += "(" + fields(op.Inputs) + ")"
	if len(op.Outputs) > 0 {
		title += " → " + fields(op.Outputs)
	}
	return title
}

// diffKeys are the observed fields that differ from the closest serial
// observations of a consistency failure.
func (tt *textTrace) diffKeys() map[trace.ObsKey]bool {
	o := tt.t.obs
	if o == nil || !o.Failing {
		return map[trace.ObsKey]bool{}
	}
	return diffKeysOf(o)
}

// failureLines writes the failing statement under its operation, with the
// source line and a caret under the column.
func (tt *textTrace) failureLines(b *strings.Builder, f *failureView, indent int) {
	p := tt.p
	sp := strings.Repeat(" ", indent)
	fmt.Fprintf(b, "%s%s %s  %s\n", sp, p.paint(styleFail, "✗ "+reasonText(f.Reason)+":"), f.Msg, p.paint(styleDim, f.Where))
	text, ok := tt.t.src.line(f.Pos.File, f.Pos.Line)
	if !ok {
		return
	}
	num := strconv.Itoa(f.Pos.Line)
	fmt.Fprintf(b, "%s    %s %s %s\n", sp, p.paint(styleDim, num), p.paint(styleDim, "│"), strings.TrimRight(text, " "))
	if col := displayCol(tt.t.src, f.Pos); col > 0 {
		fmt.Fprintf(b, "%s    %s %s %s%s\n", sp, strings.Repeat(" ", len(num)), p.paint(styleDim, "│"),
			strings.Repeat(" ", col-1), p.paint(styleFail, "^"))
	}
}

func (tt *textTrace) memoryOrder(b *strings.Builder) {
	t, p := tt.t, tt.p
	if len(t.order) == 0 {
		return
	}
	order := t.order
	if t.race != nil {
		order = nil
		for _, ev := range t.order {
			if !ev.AfterRace {
				order = append(order, ev)
			}
		}
	}
	cells := make([]string, len(order))
	w := 0
	for i, ev := range order {
		s := "#" + strconv.Itoa(ev.Order) + " " + ev.Thread.Name + " " + ev.Kind + " " + ev.Addr + " = " + ev.Value
		cells[i] = s
		w = max(w, min(width(s), 2*maxAlign))
	}
	perLine := max(1, 96/(w+3))
	fmt.Fprintf(b, "\n  memory order (#1 takes effect first):\n")
	for i := 0; i < len(cells); i += perLine {
		var line strings.Builder
		line.WriteString("    ")
		for j := i; j < min(i+perLine, len(cells)); j++ {
			if j > i {
				line.WriteString("   ")
			}
			s := pad(cells[j], w)
			if p.on {
				ev := order[j]
				num := "#" + strconv.Itoa(ev.Order)
				s = p.paint(styleDim, num) + " " + p.paint(styleThread, ev.Thread.Name) + " " +
					p.paint(kindStyle(ev.Kind), ev.Kind) + strings.TrimPrefix(s, num+" "+ev.Thread.Name+" "+ev.Kind)
			}
			line.WriteString(s)
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
}

func (tt *textTrace) reordered(b *strings.Builder) {
	t, p := tt.t, tt.p
	if len(t.reorders) == 0 {
		return
	}
	const maxShown = 12
	fmt.Fprintf(b, "\n  reordered by the memory model (later in program order, earlier in memory order):\n")
	wName := 0
	for _, ro := range t.reorders {
		wName = max(wName, width(ro.First.Thread.Name))
	}
	line := func(ro reorder) {
		fmt.Fprintf(b, "    %s  %s takes effect before %s\n", p.paint(styleThread, pad(ro.First.Thread.Name, wName)),
			p.paint(styleYellow, describeAccess(ro.First)), describeAccess(ro.Overtaken))
	}
	onPath := 0
	for _, ro := range t.reorders {
		if ro.OnPath {
			onPath++
		}
	}
	if t.rel != nil && onPath == 0 {
		fmt.Fprintf(b, "    (none of them is on the path to the failure)\n")
	}
	shown := 0
	for _, ro := range t.reorders {
		switch {
		case ro.OnPath && (shown < maxShown || tt.opt.Verbose):
		case !ro.OnPath && tt.opt.Verbose:
			if shown == onPath {
				fmt.Fprintf(b, "    not on the path to the failure:\n")
			}
		default:
			continue
		}
		line(ro)
		shown++
	}
	if rest := len(t.reorders) - shown; rest > 0 {
		more := "reorderings"
		if rest == 1 {
			more = "reordering"
		}
		if t.rel != nil {
			more += " not on the path to the failure"
		}
		fmt.Fprintf(b, "    %s\n", p.paint(styleDim, fmt.Sprintf("… and %d more %s (-v shows them)", rest, more)))
	}
}

// describeAccess is "store Y = 1 (#2, mp.lsl:6:45)".
func describeAccess(ev *eventView) string {
	return fmt.Sprintf("%s %s = %s (#%d, %s)", ev.Kind, ev.Addr, ev.Value, ev.Order, ev.Where)
}

func (tt *textTrace) observations(b *strings.Builder) {
	t := tt.t
	o := t.obs
	if o == nil {
		return
	}
	if !o.Failing {
		if t.kind == kindWitness && o.Match != nil && strings.TrimSpace(o.Observed.Text) != "" {
			fmt.Fprintf(b, "\n  observation %s\n  (serial execution #%d produces the same)\n", o.Observed.Text, o.Match.Index)
		}
		return
	}
	n := len(o.Rows)
	var shown []*obsRow
	if n <= 4 {
		shown = o.Rows
	} else {
		shown = o.closestRows(3)
	}
	fmt.Fprintf(b, "\n  why no serial execution explains it: the serial executions (each operation\n")
	fmt.Fprintf(b, "  runs alone, start to finish) produce %s; ", plural(n, "observation"))
	switch {
	case n == 0:
		fmt.Fprintf(b, "the observation\n  cannot be produced at all.\n")
	case o.Closest == 1:
		fmt.Fprintf(b, "the closest differ in 1 value:\n")
	default:
		fmt.Fprintf(b, "the closest differ in %d values:\n", o.Closest)
	}
	rows := append([]*obsRow{o.Observed}, shown...)
	names := make([]string, len(rows))
	for i, r := range rows {
		if r.Index == 0 {
			names[i] = "observed"
		} else {
			names[i] = "serial #" + strconv.Itoa(r.Index)
		}
	}
	writeObsGrid(b, tt.p, o, rows, names, t.threadName)
	if len(shown) < n {
		fmt.Fprintf(b, "    … %d more (checkfence mine lists them all)\n", n-len(shown))
	}
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// indent prefixes every non-empty line of s.
func indent(s, prefix string) string {
	lines := strings.SplitAfter(s, "\n")
	var b strings.Builder
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			b.WriteString(prefix)
		}
		b.WriteString(l)
	}
	return b.String()
}
