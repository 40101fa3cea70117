package lsl

import "github.com/checkfence/checkfence/internal/limits"

// maybeUnassigned returns the registers that some path of an unrolled
// thread may read before writing them: only those can hold their initial
// value ⊥. The pass follows control flow: a register is definitely assigned
// after an if when both branches assign it, and at the end of a labelled
// block when every break to it and the fall-through do.
//
// The definitely assigned set is one map with an undo log rather than a
// copy per branch: a branch costs what it assigns, not the size of the
// set, so deeply nested code is linear instead of quadratic.
func maybeUnassigned(body *Block) map[Reg]bool {
	out, _ := maybeUnassignedPoll(body, &limits.Poller{})
	return out
}

// maybeUnassignedPoll is maybeUnassigned stopped by poll (the error is
// the poller's, the map then incomplete).
func maybeUnassignedPoll(body *Block, poll *limits.Poller) (map[Reg]bool, error) {
	d := &defAssign{out: map[Reg]bool{}, set: map[Reg]bool{}, breaks: map[string]*openBlock{}, poll: poll, left: map[Reg]int{}}
	Walk(body, func(s Stmt) bool {
		for _, o := range Operands(s) {
			if r, ok := o.(Reg); ok {
				d.left[r]++
			}
		}
		return true
	})
	d.block(body)
	return d.out, d.err
}

type defAssign struct {
	out map[Reg]bool
	// set is the definitely assigned set at the current point; log lists
	// its registers in the order they were added, so that a mark (a log
	// length) names an earlier state.
	set    map[Reg]bool
	log    []Reg
	breaks map[string]*openBlock
	// poll stops the pass (--timeout, --max-memory, Ctrl-C): err is set
	// and every statement after is skipped.
	poll *limits.Poller
	err  error
	// left counts the reads of each register not walked yet. Each
	// statement is walked at most once, so a register with none left is
	// dropped from the set (and from the deltas): a switch's chain of
	// comparisons then carries the registers still to be read, not
	// every comparison before.
	left map[Reg]int
}

// openBlock is a labelled block being analysed: the log length at its
// start and, for every break to it, what the path had assigned since.
type openBlock struct {
	mark   int
	deltas [][]Reg
}

func (d *defAssign) assign(r Reg) {
	if d.left != nil && d.left[r] <= 0 {
		return // nothing reads it any more
	}
	if !d.set[r] {
		d.set[r] = true
		d.log = append(d.log, r)
	}
}

// rollback returns to the state of mark.
func (d *defAssign) rollback(mark int) {
	for _, r := range d.log[mark:] {
		delete(d.set, r)
	}
	d.log = d.log[:mark]
}

// since copies the registers assigned after mark.
func (d *defAssign) since(mark int) []Reg {
	var out []Reg
	for _, r := range d.log[mark:] {
		if d.set[r] { // not dropped since
			out = append(out, r)
		}
	}
	return out
}

// meet sets the state to base ∪ (the intersection of deltas), where base is
// the state at mark and each delta extends it along one path. A delta
// lists each register once (the log does), so a register is in every
// delta when it is counted len(deltas) times.
func (d *defAssign) meet(mark int, deltas [][]Reg) {
	d.rollback(mark)
	switch len(deltas) {
	case 0:
		return
	case 1:
		for _, r := range deltas[0] {
			d.assign(r)
		}
		return
	}
	smallest := 0
	for i, dl := range deltas {
		if len(dl) < len(deltas[smallest]) {
			smallest = i
		}
	}
	count := make(map[Reg]int, len(deltas[smallest]))
	for _, r := range deltas[smallest] {
		count[r] = 1
	}
	for i, dl := range deltas {
		if i == smallest {
			continue
		}
		for _, r := range dl {
			if n, ok := count[r]; ok {
				count[r] = n + 1
			}
		}
	}
	for _, r := range deltas[smallest] {
		if count[r] == len(deltas) {
			d.assign(r)
		}
	}
}

// block analyses b from the current state and leaves the state after b;
// it reports whether the end of b is reachable.
func (d *defAssign) block(b *Block) bool {
	var open *openBlock
	if b.Label != "" {
		saved, had := d.breaks[b.Label]
		open = &openBlock{mark: len(d.log)}
		d.breaks[b.Label] = open
		defer func() {
			if had {
				d.breaks[b.Label] = saved
			} else {
				delete(d.breaks, b.Label)
			}
		}()
	}
	reach := true
	for _, s := range b.Stmts {
		if !reach {
			break
		}
		reach = d.stmt(s)
	}
	if open == nil || len(open.deltas) == 0 {
		return reach
	}
	deltas := open.deltas
	if reach {
		deltas = append(deltas, d.since(open.mark))
	}
	d.meet(open.mark, deltas)
	return true
}

func (d *defAssign) read(o Operand) {
	r, ok := o.(Reg)
	if !ok {
		return
	}
	if !d.set[r] {
		d.out[r] = true
	}
	if d.left != nil {
		if d.left[r]--; d.left[r] <= 0 {
			delete(d.set, r) // its log entry stays: rollback and since skip it
		}
	}
}

// stmt analyses s and reports whether the point after it is reachable.
func (d *defAssign) stmt(s Stmt) bool {
	if d.err == nil {
		d.err = d.poll.Check()
	}
	if d.err != nil {
		return false
	}
	for _, o := range Operands(s) {
		d.read(o)
	}
	switch s := s.(type) {
	case *Block:
		return d.block(s)
	case *Assign:
		d.assign(s.Dst)
	case *Load:
		d.assign(s.Dst)
	case *Store:
		if s.Status != "" {
			d.assign(s.Status)
		}
	case *Choose:
		d.assign(s.Dst)
	case *Alloc:
		d.assign(s.Dst)
	case *If:
		mark := len(d.log)
		thenReach := d.block(s.Then)
		var thenDelta []Reg
		if thenReach {
			thenDelta = d.since(mark)
		}
		d.rollback(mark)
		elseReach := true
		if s.Else != nil {
			elseReach = d.block(s.Else)
		}
		switch {
		case thenReach && elseReach:
			d.meet(mark, [][]Reg{thenDelta, d.since(mark)})
		case thenReach:
			d.rollback(mark)
			for _, r := range thenDelta {
				d.assign(r)
			}
		case !elseReach:
			return false
		}
	case *Break:
		if open := d.breaks[s.Label]; open != nil {
			open.deltas = append(open.deltas, d.since(open.mark))
		}
		return false
	case *Continue, *Abort, *Pruned:
		return false
	case *Atomic:
		return d.block(s.Body)
	case *Spin:
		return d.block(&Block{Label: s.Label, Stmts: s.Body.Stmts})
	}
	return true
}

// MaybeUnassigned returns the registers that some path of an unrolled
// thread body may read before writing them (the reference checker's
// statement of faint registers needs it).
func MaybeUnassigned(body *Block) map[Reg]bool { return maybeUnassigned(body) }
