package llvmfront

import (
	"fmt"
	"strconv"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
)

// Thread creation whose count is known only at run time. A loop or branch
// of main around pthread_create whose condition the expander cannot
// decide (for (i = 0; i < n; i++) pthread_create(...) with n from
// __VERIFIER_nondet_int(), while (__VERIFIER_nondet_int())
// pthread_create(...)) is expanded on every path at once, as a bounded
// model checker unrolls a loop: each statement of a path runs under the
// path's guard (a register), each pthread_create becomes a thread that
// starts only when its guard holds (and else ends at once), each
// pthread_join waits only under its guard, and a loop goes round at most
// Options.ThreadRounds times (--max-threads); where a path would go round once more, the
// thread-creation bound (lsl.ThreadBoundMsg) is reached and the check is
// INCONCLUSIVE unless no execution gets there.

// DefaultThreadRounds is how often a loop whose control is unknown is
// unrolled by default (so at most this many threads per pthread_create in
// it): Options.ThreadRounds, checkfence's --max-threads.
const DefaultThreadRounds = 4

// sigDead: no path reaches the end of a statement (every branch left it).
const sigDead sigKind = 3

// pathState is one path's guard (nil: always) and known constants.
type pathState struct {
	guard lsl.Operand
	env   map[lsl.Reg]lsl.Value
}

// pendingExit is a path that broke or continued out of a guarded branch,
// waiting for the block it goes to.
type pendingExit struct {
	label string
	kind  sigKind
	path  pathState
}

func (pe *threadExpander) state() pathState {
	return pathState{pe.guard, pe.env}
}

func (pe *threadExpander) restore(p pathState) {
	pe.guard, pe.env = p.guard, p.env
}

func copyEnv(env map[lsl.Reg]lsl.Value) map[lsl.Reg]lsl.Value {
	out := make(map[lsl.Reg]lsl.Value, len(env))
	for r, v := range env {
		out[r] = v
	}
	return out
}

// freshGuard assigns op(args) to a new guard register.
func (pe *threadExpander) freshGuard(op lsl.Op, args ...lsl.Operand) lsl.Operand {
	pe.guards++
	r := lsl.Reg("%pthread_guard." + strconv.Itoa(pe.guards))
	pe.out = append(pe.out, &lsl.Assign{Dst: r, Op: op, Args: args, Pos: pe.f.pos})
	return r
}

// and is g ∧ c (g nil: c), as a register.
func (pe *threadExpander) and(g, c lsl.Operand) lsl.Operand {
	return pe.guardedTest(g, lsl.OpNe, c)
}

// andNot is g ∧ ¬c.
func (pe *threadExpander) andNot(g, c lsl.Operand) lsl.Operand {
	return pe.guardedTest(g, lsl.OpEq, c)
}

// guardedTest is g ∧ op(c, 0). c is computed on g's paths only (a
// statement under g): on the others it may be undefined, and testing it
// there would be a comparison with an uninitialised value (a return
// before a loop that starts threads), so the test itself runs under g.
func (pe *threadExpander) guardedTest(g lsl.Operand, op lsl.Op, c lsl.Operand) lsl.Operand {
	if g == nil {
		return pe.freshGuard(op, c, num(0))
	}
	if _, isConst := c.(lsl.Const); isConst {
		return pe.freshGuard(lsl.OpAnd, g, pe.freshGuard(op, c, num(0)))
	}
	pe.guards++
	r := lsl.Reg("%pthread_guard." + strconv.Itoa(pe.guards))
	pos := pe.f.pos
	pe.out = append(pe.out,
		&lsl.Assign{Dst: r, Op: lsl.OpCopy, Args: []lsl.Operand{num(0)}, Pos: pos},
		&lsl.If{Cond: g, Then: &lsl.Block{Stmts: []lsl.Stmt{&lsl.Assign{Dst: r, Op: op, Args: []lsl.Operand{c, num(0)}, Pos: pos}}, Pos: pos}, Pos: pos})
	return r
}

// merge joins paths: the guard is their disjunction, the constants those
// they agree on.
func (pe *threadExpander) merge(paths []pathState) pathState {
	if len(paths) == 1 {
		return paths[0]
	}
	var g lsl.Operand
	always := false
	for _, p := range paths {
		switch {
		case p.guard == nil:
			always = true
		case g == nil:
			g = p.guard
		default:
			g = pe.freshGuard(lsl.OpOr, g, p.guard)
		}
	}
	if always {
		g = nil
	}
	env := map[lsl.Reg]lsl.Value{}
	for r, v := range paths[0].env {
		same := true
		for _, p := range paths[1:] {
			if w, ok := p.env[r]; !ok || !w.Equal(v) {
				same = false
				break
			}
		}
		if same {
			env[r] = v
		}
	}
	return pathState{g, env}
}

// guardedIf expands an if whose condition is unknown: each branch under
// its guard; paths that leave a branch wait for their block (pe.exits).
func (pe *threadExpander) guardedIf(s *lsl.If) signal {
	pe.f.pos = s.Pos
	base := pe.state()
	gThen, gElse := pe.and(base.guard, s.Cond), pe.andNot(base.guard, s.Cond)
	var through []pathState
	for _, br := range []struct {
		g lsl.Operand
		b *lsl.Block
	}{{gThen, s.Then}, {gElse, s.Else}} {
		pe.restore(pathState{br.g, copyEnv(base.env)})
		sg := signal{}
		if br.b != nil {
			sg = pe.stmt(br.b)
		}
		switch sg.kind {
		case sigNext:
			through = append(through, pe.state())
		case sigDead:
		default:
			pe.exits = append(pe.exits, pendingExit{sg.label, sg.kind, pe.state()})
		}
	}
	if len(through) == 0 {
		return signal{kind: sigDead}
	}
	pe.restore(pe.merge(through))
	return signal{}
}

// takeExits removes the pending exits to label.
func (pe *threadExpander) takeExits(label string) (conts, breaks []pathState) {
	var keep []pendingExit
	for _, x := range pe.exits {
		switch {
		case x.label != label:
			keep = append(keep, x)
		case x.kind == sigContinue:
			conts = append(conts, x.path)
		default:
			breaks = append(breaks, x.path)
		}
	}
	pe.exits = keep
	return conts, breaks
}

// loopBlock expands a labeled block (a loop when something continues it)
// whose paths may be guarded.
func (pe *threadExpander) loopBlock(s *lsl.Block) signal {
	var breaks []pathState
	bounded := false // the last round: a thread marker in it is the bound
	defer func() {
		if bounded {
			pe.atBound--
		}
	}()
	for round := 1; ; round++ {
		sg := pe.stmts(s.Stmts)
		conts, brks := pe.takeExits(s.Label)
		breaks = append(breaks, brks...)
		var again []pathState
		switch {
		case sg.kind == sigDead:
		case sg.kind == sigContinue && sg.label == s.Label:
			again = append(again, pe.state())
		case sg.kind == sigNext || sg.kind == sigBreak && sg.label == s.Label:
			breaks = append(breaks, pe.state())
		default:
			if len(breaks) == 0 && len(conts) == 0 {
				return sg // unguarded: as before
			}
			pe.exits = append(pe.exits, pendingExit{sg.label, sg.kind, pe.state()})
		}
		again = append(again, conts...)
		if len(again) == 0 {
			if len(breaks) == 0 {
				return signal{kind: sigDead}
			}
			pe.restore(pe.merge(breaks))
			return signal{}
		}
		pe.restore(pe.merge(again))
		if pe.guard != nil && round == pe.f.t.threadRounds {
			// one more round tests the loop's condition; a thread
			// operation in it is the bound
			bounded = true
			pe.atBound++
		} else if pe.guard != nil && round > pe.f.t.threadRounds {
			// a path goes round once more: the bound
			pe.emitBound(s.Pos)
			if len(breaks) == 0 {
				return signal{kind: sigDead}
			}
			pe.restore(pe.merge(breaks))
			return signal{}
		}
	}
}

// emitBound places the thread-creation bound at pos, under the current
// guard.
func (pe *threadExpander) emitBound(pos diag.Pos) {
	pe.f.pos = pos
	n := pe.f.t.threadRounds
	pe.emitGuarded(&lsl.Abort{Msg: fmt.Sprintf("%s: %s more than %d times (checkfence unrolls thread creation whose count is known only at run time %d times: --max-threads)", lsl.ThreadBoundMsg, lsl.ThreadBoundLoop, n, n), Pos: pos})
}

// emitGuarded appends s under the current guard.
func (pe *threadExpander) emitGuarded(s lsl.Stmt) {
	if pe.guard == nil {
		pe.out = append(pe.out, s)
		return
	}
	pe.out = append(pe.out, &lsl.If{Cond: pe.guard, Then: &lsl.Block{Stmts: []lsl.Stmt{s}, Pos: s.Position()}, Pos: s.Position()})
}

// noteGuard records the guard of a marker (nil: none).
func (f *fn) noteGuard(m *lsl.Call, g lsl.Operand) {
	if g == nil {
		return
	}
	if f.markerGuards == nil {
		f.markerGuards = map[*lsl.Call]lsl.Operand{}
	}
	f.markerGuards[m] = g
}

// guardOf is the guard of a thread marker (nil: it always runs).
func (f *fn) guardOf(c *lsl.Call) lsl.Operand {
	return f.markerGuards[c]
}

// guardedStmts wraps stmts in an if on g (g nil: as they are).
func guardedStmts(g lsl.Operand, stmts []lsl.Stmt, pos diag.Pos) []lsl.Stmt {
	if g == nil || len(stmts) == 0 {
		return stmts
	}
	return []lsl.Stmt{&lsl.If{Cond: g, Then: &lsl.Block{Stmts: stmts, Pos: pos}, Pos: pos}}
}

// anyGuarded reports whether some thread marker of main is guarded.
func (f *fn) anyGuarded() bool {
	return len(f.markerGuards) > 0
}

// notStarted is the value of a thread's start flag when its
// pthread_create did not run: the thread ends at once.
const notStarted = 2

// startFlags sets thread k's start flag: 1 when g holds (release store),
// else notStarted.
func (f *fn) startFlags(base, k int64, g lsl.Operand, pos diag.Pos, started []lsl.Stmt) []lsl.Stmt {
	if g == nil {
		return started
	}
	// a release store as the start's, so that the thread's acquire load
	// of it is no data race
	never := releaseFlag(base, k, "thread "+strconv.Itoa(int(k))+" is never started", pos)
	never[len(never)-1].(*lsl.Store).Val = num(notStarted)
	return []lsl.Stmt{&lsl.If{Cond: g, Then: &lsl.Block{Stmts: started, Pos: pos}, Else: &lsl.Block{Stmts: never, Pos: pos}, Pos: pos}}
}
