package encode

import (
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
)

// CatExecution is the candidate execution of a satisfying assignment:
// the executed events (Events[k] is CatInstance.Events[Index[k]]) with
// their base relations, as package cat evaluates them.
type CatExecution struct {
	Candidate *cat.Candidate
	Index     []int
	model     *cat.Model // the model, which Graph evaluates
	instrs    []int      // the instruction of each executed event (-1: initial write)
}

// Decode reads the candidate execution of an assignment: the executed
// events, the location of each access, program order, rf, co,
// dependencies and read-modify-write pairs. Derived relations (loc, int,
// ext, fr, …) are left to cat.Candidate.Execution, so evaluating the
// model on the result checks the encoding independently.
func (ci *CatInstance) Decode(val func(z.Lit) bool) *CatExecution {
	x := &CatExecution{Candidate: &cat.Candidate{}, model: ci.m}
	pos := make([]int, ci.n())
	for i, ev := range ci.Events {
		pos[i] = -1
		if !val(ci.guards[i]) {
			continue
		}
		pos[i] = len(x.Index)
		x.Index = append(x.Index, i)
		x.instrs = append(x.instrs, ev.Instr)
		loc := ev.Loc
		if ev.Instr >= 0 {
			loc = -1
			if ev.Kind != cat.Fence {
				for k := range ci.numLocs() {
					if val(ci.at(i, k)) {
						loc = k
					}
				}
			}
		}
		block := 0
		tags := ci.e.resolveTags(ev.Tags, val)
		if in := ci.instr(i); in != nil {
			block = in.Atomic
			if ev.Kind == cat.Read { // a compare-exchange's read (catfailtag.go)
				tags = lsl.OutcomeTags(tags, ci.e.failedRead(in, executedIn(val)))
			}
		}
		x.Candidate.Events = append(x.Candidate.Events, cat.Event{Thread: ev.Thread, Kind: ev.Kind, Loc: loc, Tags: tags, Block: block})
	}
	pairs := func(name string) [][2]int {
		var out [][2]int
		r := ci.baseRel(name)
		for i, row := range r.rows {
			for _, e := range row {
				if val(e.l) && pos[i] >= 0 && pos[e.j] >= 0 {
					out = append(out, [2]int{pos[i], pos[e.j]})
				}
			}
		}
		return out
	}
	cd := x.Candidate
	cd.PO, cd.RF, cd.CO = pairs("po"), pairs("rf"), pairs("co")
	cd.Addr, cd.Data, cd.Ctrl = pairs("addr"), pairs("data"), pairs("ctrl")
	cd.Amo, cd.Lxsx = pairs("amo"), pairs("lxsx")
	for _, p := range pairs("si") {
		if p[0] != p[1] {
			cd.SI = append(cd.SI, p)
		}
	}
	return x
}
