package report

import (
	"strings"

	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/trace"
)

// obsSlot is one aligned column of the observation grid: the opening
// "label(" of a record or one of its fields.
type obsSlot struct {
	thread int
	opener bool  // the record's "label("
	keys   []int // opener: the record's key columns; field: its one key column
	last   bool  // the record's last field
}

// obsSlots lays the keys of a table out as record openers and fields.
func obsSlots(o *obsTable) []obsSlot {
	var slots []obsSlot
	for i := 0; i < len(o.Keys); {
		j := i
		for j < len(o.Keys) && o.Keys[j].Thread == o.Keys[i].Thread && o.Keys[j].Record == o.Keys[i].Record {
			j++
		}
		rec := make([]int, 0, j-i)
		for k := i; k < j; k++ {
			rec = append(rec, k)
		}
		slots = append(slots, obsSlot{thread: o.Keys[i].Thread, opener: true, keys: rec})
		for k := i; k < j; k++ {
			if isLabel(o.Keys[k]) {
				continue
			}
			slots = append(slots, obsSlot{thread: o.Keys[k].Thread, keys: []int{k}, last: k == j-1})
		}
		i = j
	}
	return slots
}

// slotText renders slot s of row r; core is the part carets point at.
func slotText(o *obsTable, s obsSlot, r *obsRow) (text, core string, diff bool) {
	if s.opener {
		label, present, fields := "", false, false
		for _, c := range s.keys {
			cell := r.Cells[c]
			if cell.Present {
				present = true
				if isLabel(o.Keys[c]) {
					label = o.Keys[c].Name
				} else {
					fields = true
				}
			}
			if isLabel(o.Keys[c]) && cell.Diff {
				diff = true
			}
		}
		if !present {
			return "", "", diff
		}
		if label == "" {
			label = "-"
		}
		if !fields {
			return label + "()", label, diff
		}
		return label + "(", label, diff
	}
	c := s.keys[0]
	cell := r.Cells[c]
	if !cell.Present {
		return "", "", cell.Diff
	}
	core = o.Keys[c].Name + "=" + cell.Value
	// the record closes after its last present field
	closes := true
	for _, d := range recordFieldsAfter(o, c) {
		if r.Cells[d].Present {
			closes = false
		}
	}
	if closes {
		return core + ")", core, cell.Diff
	}
	return core + ",", core, cell.Diff
}

// recordFieldsAfter lists the key columns of the same record after c.
func recordFieldsAfter(o *obsTable, c int) []int {
	var out []int
	for d := c + 1; d < len(o.Keys) && o.Keys[d].Thread == o.Keys[c].Thread && o.Keys[d].Record == o.Keys[c].Record; d++ {
		out = append(out, d)
	}
	return out
}

func isLabel(k trace.ObsKey) bool { return k.Kind == lsl.ObsLabel }

// writeObsGrid writes rows of an observation table aligned field by field,
// one column group per thread, marking what differs from the observed row
// (carets without colour, highlighting with it).
func writeObsGrid(b *strings.Builder, p painter, o *obsTable, rows []*obsRow, names []string, threadName func(int) string) {
	slots := obsSlots(o)
	widths := make([]int, len(slots))
	for si, s := range slots {
		for _, r := range rows {
			text, _, _ := slotText(o, s, r)
			widths[si] = max(widths[si], width(text))
		}
	}
	wName := 0
	for _, n := range names {
		wName = max(wName, width(n))
	}
	// separators: none after an opener, one space between fields and
	// records, three between threads
	sep := func(si int) string {
		switch {
		case si == 0:
			return ""
		case slots[si].thread != slots[si-1].thread:
			return "   "
		case slots[si-1].opener && !slots[si].opener:
			return ""
		}
		return " "
	}
	// a thread's name heads its group of slots; a long name widens the
	// group's last slot
	var head strings.Builder
	head.WriteString("    " + strings.Repeat(" ", wName) + "  ")
	for start := 0; start < len(slots); {
		end := start + 1
		for end < len(slots) && slots[end].thread == slots[start].thread {
			end++
		}
		group := 0
		for si := start; si < end; si++ {
			group += width(sep(si)) + widths[si]
		}
		group -= width(sep(start))
		name := threadName(slots[start].thread)
		if extra := width(name) - group; extra > 0 {
			widths[end-1] += extra
			group += extra
		}
		head.WriteString(sep(start) + pad(name, group))
		start = end
	}
	b.WriteString(p.paint(styleThread, strings.TrimRight(head.String(), " ")) + "\n")
	for ri, r := range rows {
		var line, carets strings.Builder
		line.WriteString("    " + pad(names[ri], wName) + "  ")
		carets.WriteString("    " + strings.Repeat(" ", wName) + "  ")
		anyDiff := false
		for si, s := range slots {
			line.WriteString(sep(si))
			carets.WriteString(sep(si))
			text, core, diff := slotText(o, s, r)
			diff = diff && r.Index != 0
			padded := pad(text, widths[si])
			mark := strings.Repeat(" ", widths[si])
			if diff {
				anyDiff = true
				if core == "" { // absent here: point at what the observed row has
					_, core, _ = slotText(o, s, o.Observed)
				}
				mark = pad(strings.Repeat("^", max(1, width(core))), widths[si])
				padded = p.paint(styleDiff, padded)
			} else if r.Index == 0 && o.Failing && rowsDiffer(o, s, rows) {
				padded = p.paint(styleFail, padded)
			}
			line.WriteString(padded)
			carets.WriteString(mark)
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
		if anyDiff && !p.on {
			b.WriteString(strings.TrimRight(carets.String(), " ") + "\n")
		}
	}
}

// rowsDiffer reports whether any shown serial row differs in slot s.
func rowsDiffer(o *obsTable, s obsSlot, rows []*obsRow) bool {
	for _, r := range rows {
		if r.Index == 0 {
			continue
		}
		if _, _, d := slotText(o, s, r); d {
			return true
		}
	}
	return false
}
