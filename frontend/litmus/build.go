package litmus

import (
	"strconv"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
)

// thread accumulates the LSL translation of one thread Pi.
type thread struct {
	index  int
	pos    diag.Pos
	regs   []string // registers in order of first use
	regSet map[string]bool
	cur    *[]lsl.Stmt // the statement list being filled
	body   []lsl.Stmt
	tmps   int
	// assembly threads: the label positions and the current cell
	labels map[string]int
	pc     int
	// hidden are initializations of internal registers (the reservation)
	hidden []lsl.Stmt
	// tail emits code at the end of an assembly thread
	tail []func()
	// assembly: the registers that hold locations (see asm.go)
	arch    asmArch
	initPtr map[string]bool
	ptrRegs map[string]bool
	// AArch64: the register tracker (armtrack.go); nil for other front ends
	abs     map[string]absVal
	absAt   map[string]map[string]absVal
	absDead bool
}

func newThread(index int, pos diag.Pos) *thread {
	th := &thread{index: index, pos: pos, regSet: map[string]bool{}}
	th.cur = &th.body
	return th
}

func (th *thread) name() string { return "P" + strconv.Itoa(th.index) }

// reg records the use of a register and returns it.
func (th *thread) reg(name string) lsl.Reg {
	if !th.regSet[name] {
		th.regSet[name] = true
		th.regs = append(th.regs, name)
	}
	return sigil(name)
}

// sigil is the LSL register for a litmus register name.
func sigil(name string) lsl.Reg { return lsl.Reg("%" + name) }

// tmp returns a fresh temporary register; the dot keeps it apart from
// every register a litmus test can name.
func (th *thread) tmp() lsl.Reg {
	th.tmps++
	return lsl.Reg("%tmp." + strconv.Itoa(th.tmps))
}

func (th *thread) emit(s lsl.Stmt) { *th.cur = append(*th.cur, s) }

// block runs fill with a fresh statement list and returns it as a block.
func (th *thread) block(pos diag.Pos, fill func()) *lsl.Block {
	saved := th.cur
	var stmts []lsl.Stmt
	th.cur = &stmts
	fill()
	th.cur = saved
	return &lsl.Block{Stmts: stmts, Pos: pos}
}

func (th *thread) fence(k lsl.FenceKind, pos diag.Pos, tags ...string) {
	th.emit(&lsl.Fence{Kind: k, Tags: tags, Pos: pos})
}

// tagAccesses adds tag to every load and store in b.
func tagAccesses(b *lsl.Block, tag string) {
	lsl.Walk(b, func(s lsl.Stmt) bool {
		switch s := s.(type) {
		case *lsl.Load:
			s.Tags = append(s.Tags, tag)
		case *lsl.Store:
			s.Tags = append(s.Tags, tag)
		}
		return true
	})
}

func (th *thread) assign(dst lsl.Reg, op lsl.Op, pos diag.Pos, args ...lsl.Operand) {
	th.emit(&lsl.Assign{Dst: dst, Op: op, Args: args, Pos: pos})
}

func num(n int64) lsl.Operand { return lsl.Const{V: lsl.Num(n)} }

// lower builds the LSL program and test: one global per location, one
// operation per thread that initializes its registers, runs the code and
// observes the registers the test shows, and a final operation that loads
// and observes the shown locations.
func (p *parser) lower() {
	t := p.t
	// herd's C: a control dependency ends with its if statement
	prog := &lsl.Program{C11: t.Arch == "C" && t.Kernel == "", ScopedCtrl: t.Arch == "C"}
	if t.Arch == "AArch64" {
		prog.IntWidth = 64 // registers and values are 64-bit patterns
	}
	for _, name := range t.Locs {
		g := &lsl.Global{Name: name, Pos: t.Pos}
		if t.Arch == "C" && !p.atomicDecl[name] {
			// no thread declares it atomic: a non-atomic location (the
			// initial write is NAL for c11.cat)
			g.Tags = []string{"NAL"}
		}
		if in, ok := p.memInit[name]; ok {
			g.Pos = in.pos
			if !in.val.Equal(lsl.Num(0)) {
				g.Init = []lsl.CellInit{{Val: in.val}}
			}
		}
		if t.Arch == "AArch64" {
			val := lsl.Num(0)
			if in, ok := p.memInit[name]; ok {
				val = in.val
			}
			g.Init = p.armInitCells(name, val, g.Pos)
		}
		prog.Globals = append(prog.Globals, g)
	}
	test := &lsl.Test{Name: t.Name, Pos: t.Pos}
	for _, th := range p.threads {
		t.Threads = append(t.Threads, th.name())
		var observed []Term
		for _, term := range t.Shown {
			if term.Thread == th.index {
				observed = append(observed, term)
				th.reg(term.Reg)
			}
		}
		for term := range p.regInit {
			if term.Thread == th.index {
				th.reg(term.Reg)
			}
		}
		var stmts []lsl.Stmt
		for _, r := range th.regs {
			v := lsl.Num(0) // herd's registers start at 0
			if in, ok := p.regInit[Term{Thread: th.index, Reg: r}]; ok {
				v = in.val
			}
			stmts = append(stmts, &lsl.Assign{Dst: sigil(r), Op: lsl.OpCopy, Args: []lsl.Operand{lsl.Const{V: v}}, Pos: th.pos})
		}
		stmts = append(stmts, th.hidden...)
		stmts = append(stmts, th.body...)
		for _, term := range observed {
			stmts = append(stmts, &lsl.Observe{Kind: lsl.ObsOutput, Name: term.Reg, Val: sigil(term.Reg), Pos: t.Cond.Pos})
		}
		prog.Procs = append(prog.Procs, &lsl.Proc{Name: th.name(), Body: &lsl.Block{Stmts: stmts, Pos: th.pos}, Pos: th.pos})
		test.Threads = append(test.Threads, []lsl.OpRef{{Name: th.name(), Pos: th.pos}})
	}
	var final []lsl.Stmt
	var finalTags []string
	if t.Arch == "C" {
		// a marked read for the Linux-kernel models: herd reads the
		// final state outside the execution, so it is no plain access
		// that could race (lkmm.go)
		finalTags = []string{lkOnce}
	}
	for _, term := range t.Shown {
		if term.Thread >= 0 {
			continue
		}
		r := sigil(term.Loc)
		if t.Arch == "AArch64" {
			final = append(final, p.armFinalRead(term.Loc, r, t.Cond.Pos)...)
		} else {
			final = append(final, &lsl.Load{Dst: r, Addr: lsl.Const{V: lsl.Ptr(p.loc(term.Loc))}, Expr: term.Loc, Tags: finalTags, Pos: t.Cond.Pos})
		}
		final = append(final, &lsl.Observe{Kind: lsl.ObsOutput, Name: term.Loc, Val: r, Pos: t.Cond.Pos})
	}
	if len(final) > 0 {
		prog.Procs = append(prog.Procs, &lsl.Proc{Name: finalOp, Body: &lsl.Block{Stmts: final, Pos: t.Cond.Pos}, Pos: t.Cond.Pos})
		test.Final = []lsl.OpRef{{Name: finalOp, Pos: t.Cond.Pos}}
	}
	t.Program, t.LSLTest = prog, test
}

// finalOp is the operation that reads the final values of the locations.
// Thread operations are named P0, P1, …, so it cannot clash.
const finalOp = "final"
