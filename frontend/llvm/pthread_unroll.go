package llvmfront

import (
	"fmt"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
)

// Loops and branches around pthread_create and pthread_join in main
// (for (i = 0; i < N; i++) pthread_join(t[i], 0);) are expanded here,
// before main is split into the parts of its test: their control must
// depend on constants only, so that main starts and joins a fixed set of
// threads. The statements they execute are kept, in order, with the loop
// and branch structure removed.

// maxThreadLoopSteps bounds the statements executed while expanding.
const maxThreadLoopSteps = 100000

// expandThreadLoops replaces every compound statement of main's body that
// contains a thread marker by the statements it executes.
func (f *fn) expandThreadLoops(stmts []lsl.Stmt) []lsl.Stmt {
	pe := &threadExpander{f: f, env: map[lsl.Reg]lsl.Value{}}
	for _, s := range stmts {
		if isCompound(s) && f.hasThreadMarker(s) {
			if sg := pe.stmt(s); sg.kind != sigNext || len(pe.exits) > 0 {
				f.pos = s.Position()
				f.fail(diag.CodeInvalidConstruct, "a break, continue or return leaves the loop that starts or joins threads")
			}
			continue
		}
		pe.emit(s)
	}
	return pe.out
}

// threadExpander executes the control flow of main's thread loops over
// the registers it knows as constants.
type threadExpander struct {
	f     *fn
	env   map[lsl.Reg]lsl.Value // registers with a known constant value
	out   []lsl.Stmt
	steps int
	args  int  // fresh registers for thread arguments
	trial bool // an unknown branch abandons the expansion (errUnknown)
	// paths of thread creation whose count is unknown (pthread_guarded.go)
	guard   lsl.Operand // the current path's guard (nil: every path)
	exits   []pendingExit
	guards  int // fresh guard registers
	atBound int // in the round past a loop's bound (pthread_guarded.go)
}

type sigKind uint8

const (
	sigNext sigKind = iota
	sigBreak
	sigContinue
)

type signal struct {
	kind  sigKind
	label string
}

func isCompound(s lsl.Stmt) bool {
	switch s.(type) {
	case *lsl.Block, *lsl.If:
		return true
	}
	return false
}

func (f *fn) hasThreadMarker(s lsl.Stmt) bool {
	found := false
	lsl.Walk(s, func(x lsl.Stmt) bool {
		if c, ok := x.(*lsl.Call); ok && (c.Proc == createMarker || c.Proc == joinMarker) {
			found = true
		}
		return !found
	})
	return found
}

// emit keeps a statement and forgets the constants it may overwrite. A
// pthread_create gets its own marker and its argument is copied into a
// fresh register at this point: a loop runs the same create more than
// once, and later iterations overwrite the registers of earlier ones.
func (pe *threadExpander) emit(s lsl.Stmt) {
	if c, ok := s.(*lsl.Call); ok && (c.Proc == createMarker || c.Proc == joinMarker) && pe.atBound > 0 {
		pe.emitBound(c.Pos)
		return
	}
	if c, ok := s.(*lsl.Call); ok && c.Proc == createMarker {
		st := *pe.f.starts[c]
		st.arg = pe.pin(st.arg, c.Pos)
		st.handle = pe.pin(st.handle, c.Pos)
		m := &lsl.Call{Proc: createMarker, Pos: c.Pos}
		pe.f.starts[m] = &st
		pe.out = append(pe.out, m)
		pe.f.noteGuard(m, pe.guard)
		return
	}
	if c, ok := s.(*lsl.Call); ok && c.Proc == joinMarker && pe.guard != nil {
		m := *c
		pe.out = append(pe.out, &m)
		pe.f.noteGuard(&m, pe.guard)
		return
	}
	pe.emitGuarded(s)
	if a, ok := s.(*lsl.Assign); ok && a.Op != lsl.OpThreadID && a.Op != lsl.OpNumThreads {
		if v, ok := pe.eval(a); ok {
			pe.env[a.Dst] = v
			return
		}
	}
	lsl.Walk(s, func(x lsl.Stmt) bool {
		for _, r := range lsl.Assigned(x) {
			delete(pe.env, r)
		}
		return true
	})
}

// pin is the value register o holds at this point: a constant when known,
// else a copy in a fresh register.
func (pe *threadExpander) pin(o lsl.Operand, pos diag.Pos) lsl.Operand {
	r, ok := o.(lsl.Reg)
	if !ok {
		return o
	}
	if v, known := pe.env[r]; known {
		return lsl.Const{V: v}
	}
	pe.args++
	fresh := lsl.Reg(fmt.Sprintf("%%pthread_arg.%d", pe.args))
	pe.out = append(pe.out, &lsl.Assign{Dst: fresh, Op: lsl.OpCopy, Args: []lsl.Operand{r}, Pos: pos})
	return fresh
}

func (pe *threadExpander) value(o lsl.Operand) (lsl.Value, bool) {
	switch o := o.(type) {
	case lsl.Const:
		return o.V, true
	case lsl.Reg:
		v, ok := pe.env[o]
		return v, ok
	}
	return lsl.Value{}, false
}

func (pe *threadExpander) eval(a *lsl.Assign) (lsl.Value, bool) {
	if a.Op == lsl.OpMake || a.Op == lsl.OpGet || a.Op == lsl.OpSet {
		return lsl.Value{}, false
	}
	args := make([]lsl.Value, len(a.Args))
	for i, o := range a.Args {
		v, ok := pe.value(o)
		if !ok {
			return lsl.Value{}, false
		}
		args[i] = v
	}
	v, msg := lsl.EvalOp(a.Op, nil, 0, args)
	return v, msg == ""
}

func (pe *threadExpander) step(s lsl.Stmt) {
	pe.steps++
	if pe.steps > maxThreadLoopSteps {
		if pe.trial {
			panic(errUnknown{s.Position()})
		}
		pe.f.pos = s.Position()
		pe.f.fail(diag.CodeUnsupported, "the loop that starts or joins threads runs more than %d steps", maxThreadLoopSteps)
	}
}

func (pe *threadExpander) stmts(ss []lsl.Stmt) signal {
	for _, s := range ss {
		if sg := pe.stmt(s); sg.kind != sigNext {
			return sg
		}
	}
	return signal{}
}

// errUnknown ends a trial expansion that met a branch on an unknown value.
type errUnknown struct{ pos diag.Pos }

func (pe *threadExpander) stmt(s lsl.Stmt) signal {
	pe.step(s)
	switch s := s.(type) {
	case *lsl.Block, *lsl.If:
		if !pe.trial && !pe.f.hasThreadMarker(s) && !leaves(s) {
			// Code without thread operations: expand it when its control
			// is known (it may compute what later loops test), else keep
			// it as it is.
			if !pe.try(s) {
				pe.emit(s)
			}
			return signal{}
		}
	}
	switch s := s.(type) {
	case *lsl.Block:
		if s.Label == "" {
			return pe.stmts(s.Stmts)
		}
		return pe.loopBlock(s) // pthread_guarded.go
	case *lsl.If:
		c, ok := pe.value(s.Cond)
		t, msg := lsl.Truth(c)
		if !ok || msg != "" {
			if pe.trial {
				panic(errUnknown{s.Pos})
			}
			pe.f.pos = s.Pos
			pe.f.exitInside(s)
			return pe.guardedIf(s) // pthread_guarded.go
		}
		if t {
			return pe.stmt(s.Then)
		}
		if s.Else != nil {
			return pe.stmt(s.Else)
		}
		return signal{}
	case *lsl.Break:
		return signal{kind: sigBreak, label: s.Label}
	case *lsl.Continue:
		return signal{kind: sigContinue, label: s.Label}
	}
	pe.emit(s)
	return signal{}
}

// try expands s on a copy of the state and keeps the result if every
// branch it met was decided.
func (pe *threadExpander) try(s lsl.Stmt) (ok bool) {
	sub := &threadExpander{f: pe.f, env: map[lsl.Reg]lsl.Value{}, steps: pe.steps, args: pe.args, trial: true, guard: pe.guard, guards: pe.guards, atBound: pe.atBound}
	for r, v := range pe.env {
		sub.env[r] = v
	}
	defer func() {
		if r := recover(); r != nil {
			if _, unknown := r.(errUnknown); !unknown {
				panic(r)
			}
			ok = false
		}
	}()
	sub.stmt(s)
	pe.out = append(pe.out, sub.out...)
	pe.env, pe.steps, pe.args, pe.guards = sub.env, sub.steps, sub.args, sub.guards
	return true
}

// labelsInside are the labels of the blocks and spin loops in s.
func labelsInside(s lsl.Stmt) map[string]bool {
	inside := map[string]bool{}
	lsl.Walk(s, func(x lsl.Stmt) bool {
		switch x := x.(type) {
		case *lsl.Block:
			if x.Label != "" {
				inside[x.Label] = true
			}
		case *lsl.Spin:
			inside[x.Label] = true
		}
		return true
	})
	return inside
}

// leaves reports whether s breaks or continues to a label outside itself.
func leaves(s lsl.Stmt) bool {
	inside := labelsInside(s)
	out := false
	lsl.Walk(s, func(x lsl.Stmt) bool {
		switch x := x.(type) {
		case *lsl.Break:
			out = out || !inside[x.Label]
		case *lsl.Continue:
			out = out || !inside[x.Label]
		}
		return !out
	})
	return out
}
