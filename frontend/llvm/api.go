package llvmfront

import (
	"fmt"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
)

// The API of lsl_protos.h (SPEC §3) and the library functions the front
// end models keep the meaning the C front end gives them (frontend/c
// doc.go, "The API"), so that a program means the same through either
// front end.

type apiHandler func(f *fn, c *ir.InstCall)

var apiHandlers map[string]apiHandler

// apiFuncs are the functions a program may call but not define.
var apiFuncs = map[string]bool{}

func init() {
	apiHandlers = map[string]apiHandler{
		"lsl_malloc":               func(f *fn, c *ir.InstCall) { f.allocCall(c, lsl.AllocPool) },
		"malloc":                   func(f *fn, c *ir.InstCall) { f.allocCall(c, lsl.AllocPool) },
		"calloc":                   callocCall,
		"aligned_alloc":            func(f *fn, c *ir.InstCall) { f.allocCall(c, lsl.AllocPool) },
		"lsl_malloc_noreuse":       func(f *fn, c *ir.InstCall) { f.allocCall(c, lsl.AllocFresh) },
		"lsl_free":                 freeCall(lsl.AllocPool),
		"free":                     freeCall(lsl.AllocPool),
		"lsl_free_noreuse":         freeCall(lsl.AllocFresh),
		"lsl_assert":               assertCall,
		"__lsl_c_assert":           assertCall,
		"__assert_fail":            assertFailCall,
		"lsl_assume":               assumeCall,
		"lsl_fence":                fenceCall,
		"lsl_nondet":               nondetCall,
		"lsl_choose":               chooseCall,
		"lsl_observe_label":        observeCall(lsl.ObsLabel),
		"lsl_observe_input":        observeCall(lsl.ObsInput),
		"lsl_observe_output":       observeCall(lsl.ObsOutput),
		"lsl_get_thread_id":        threadCall(lsl.OpThreadID),
		"lsl_get_number_threads":   threadCall(lsl.OpNumThreads),
		"lsl_cas_32":               casCall(1),
		"lsl_cas_64":               casCall(1),
		"lsl_cas_ptr":              casCall(1),
		"lsl_dcas_32":              casCall(2),
		"lsl_dcas_64":              casCall(2),
		"lsl_dcas_ptr":             casCall(2),
		"lsl_initlock":             initLockCall,
		"lsl_lock":                 lockCall,
		"lsl_unlock":               unlockCall,
		"__lsl_get_struct_pointer": structPointerCall,
		"abort":                    abortCall,
		"exit":                     exitCall,
		"pthread_mutex_init":       initLockCall,
		"pthread_mutex_lock":       lockCall,
		"pthread_mutex_unlock":     unlockCall,
		"pthread_mutex_trylock":    trylockCall,
		"sched_yield":              noopCall(0),
		"pthread_mutex_destroy":    destroyLockCall,
		"pthread_cond_init":        initCondCall,
		"pthread_cond_destroy":     noopCall(1),
		"pthread_cond_wait":        condWaitCall,
		"pthread_cond_signal":      condSignalCall,
		"pthread_cond_broadcast":   condSignalCall,
		"pthread_create":           pthreadOutsideMain,
		"pthread_join":             pthreadOutsideMain,
		"pthread_exit":             pthreadExitCall,
		"pthread_spin_init":        initLockCall,
		"pthread_spin_lock":        lockCall,
		"pthread_spin_unlock":      unlockCall,
		"pthread_spin_trylock":     trylockCall,
		"pthread_spin_destroy":     destroyLockCall,
		"pthread_barrier_init":     barrierInitCall,
		"pthread_barrier_wait":     barrierWaitCall,
		"pthread_barrier_destroy":  barrierDestroyCall,
		"printf":                   noopCall(1),
		"fprintf":                  noopCall(2),
		"puts":                     noopCall(1),
		"fputs":                    noopCall(2),
		"putchar":                  noopCall(1),
		"fflush":                   noopCall(1),
		"sleep":                    noopCall(1),
		"usleep":                   noopCall(1),
		"nanosleep":                noopCall(2),
		"pthread_once":             onceCall,
		// registers a static destructor, which is not run (cxx.go)
		"__cxa_atexit":                func(f *fn, c *ir.InstCall) { f.zeroResult(c) },
		"pthread_attr_init":           noopCall(1),
		"pthread_attr_destroy":        noopCall(1),
		"pthread_attr_setstacksize":   noopCall(2),
		"pthread_attr_setdetachstate": setDetachStateCall,
		"pthread_detach":              detachCall,
		"pthread_mutexattr_init":      noopCall(1),
		"pthread_mutexattr_destroy":   noopCall(1),
		"pthread_mutexattr_settype": attrSetCall(1, pthreadMutexRecursive,
			"recursive mutexes are not supported (a mutex is a spinlock: its holder locking it again deadlocks)"),
		"__checkfence_recursive_or_timed_mutex_not_supported": func(f *fn, c *ir.InstCall) {
			f.fail(diag.CodeUnsupported, "mtx_init: recursive and timed mutexes are not supported (a mutex is a spinlock: its holder locking it again deadlocks)")
		},
		"pthread_condattr_init":    noopCall(1),
		"pthread_condattr_destroy": noopCall(1),
		"pthread_rwlock_init":      initLockCall,
		"pthread_rwlock_rdlock":    rwReadLockCall,
		"pthread_rwlock_wrlock":    rwWriteLockCall,
		"pthread_rwlock_unlock":    rwUnlockCall,
		"pthread_rwlock_destroy":   noopCall(1),
		"sem_init":                 semInitCall,
		"sem_wait":                 semWaitCall,
		"sem_trywait":              semTryWaitCall,
		"sem_post":                 semPostCall,
		"sem_getvalue":             semGetValueCall,
		"sem_destroy":              noopCall(1),
	}
	for name := range apiHandlers {
		apiFuncs[name] = true
	}
	// after apiFuncs: a program may define these (verifier.go)
	addVerifierAPI()
}

// args checks the argument count of an API call.
func (f *fn) args(c *ir.InstCall, n int) {
	if len(c.Args) < n {
		f.fail(diag.CodeArgCount, "%s takes %d arguments, but is called with %d", calleeName(c), n, len(c.Args))
	}
}

// zeroResult gives an API call that returns a status (pthread_mutex_*) the
// result 0.
func (f *fn) zeroResult(c *ir.InstCall) {
	if isIntType(c.Type()) {
		f.define(c, num(0))
	}
}

// cell returns the scalar cell an API pointer argument designates.
func (f *fn) cell(c *ir.InstCall, i int) lsl.Operand {
	p := f.ptr(c.Args[i])
	if p.obj == nil {
		return p.op
	}
	d, ok := descent(p.obj, anyScalar)
	if !ok {
		f.fail(diag.CodeType, "argument %d of %s does not point to a scalar", i+1, calleeName(c))
	}
	return f.zeros(p.op, d)
}

func freeCall(kind lsl.AllocKind) apiHandler {
	return func(f *fn, c *ir.InstCall) {
		f.args(c, 1)
		p := f.val(c.Args[0])
		// free(NULL) does nothing (C11 7.22.3.3); LSL's free of a
		// non-pointer is a runtime error.
		free := func() {
			q := p
			if f.t.arrayAllocs {
				q = f.apply(lsl.OpPointer, f.apply(lsl.OpBaseOf, q))
				if kind == lsl.AllocPool {
					// the block of an array is freed through element 0
					// (or the block itself); p + 1 is the middle of it
					start := f.apply(lsl.OpOr, f.apply(lsl.OpEq, p, q), f.apply(lsl.OpEq, f.apply(lsl.OpGetOffset, p), num(0)))
					f.abortUnless(start, "free of a pointer into the middle of a block")
				}
			}
			f.emit(&lsl.Free{Ptr: q, Kind: kind})
		}
		if c, ok := p.(lsl.Const); ok {
			if c.V.Kind != lsl.KNum || c.V.Num != 0 {
				free()
			}
			return
		}
		nonNull := f.apply(lsl.OpNe, p, num(0))
		f.emit(&lsl.If{Cond: nonNull, Then: f.sub(free)})
	}
}

func assertCall(f *fn, c *ir.InstCall) {
	f.args(c, 1)
	cond := f.val(c.Args[0])
	msg := f.t.src.assertText(f.pos, "assert", "lsl_assert")
	if msg == "" {
		msg = "assertion failed"
	}
	f.emit(&lsl.Assert{Cond: cond, Msg: msg})
}

// assertFailCall is glibc's assert, when a program includes the system's
// assert.h: the condition was already tested, so this is a failure.
func assertFailCall(f *fn, c *ir.InstCall) {
	msg := "assertion failed"
	if len(c.Args) > 0 {
		if s, ok := stringArg(c.Args[0]); ok {
			msg = s
		}
	}
	// SV-COMP's reach_error() is __assert_fail("0", file, line,
	// "reach_error"): the function says more than the condition
	if len(c.Args) > 3 {
		if s, ok := stringArg(c.Args[3]); ok && s == "reach_error" && msg == "0" {
			msg = "reach_error() reached"
		}
	}
	f.emit(&lsl.Assert{Cond: num(0), Msg: msg})
}

func assumeCall(f *fn, c *ir.InstCall) {
	f.args(c, 1)
	f.emit(&lsl.Assume{Cond: f.val(c.Args[0])})
}

func fenceCall(f *fn, c *ir.InstCall) {
	f.args(c, 1)
	valid := strings.Join(lsl.FenceNames(), ", ")
	name, ok := stringArg(c.Args[0])
	if !ok {
		f.fail(diag.CodeType, "lsl_fence needs a string literal naming the fence (one of %s)", valid)
	}
	kind, ok := lsl.ParseFenceKind(name)
	if !ok {
		f.fail(diag.CodeUnknownKind, "unknown fence %q (valid fences: %s)", name, valid)
	}
	f.emit(&lsl.Fence{Kind: kind})
	f.t.prog.CheckFenceSync = true
}

func nondetCall(f *fn, c *ir.InstCall) {
	f.args(c, 2)
	lo, ok1 := constLen(c.Args[0])
	hi, ok2 := constLen(c.Args[1])
	if !ok1 || !ok2 {
		f.fail(diag.CodeNotConstant, "lsl_nondet needs constant bounds")
	}
	if lo > hi {
		f.fail(diag.CodeBadLiteral, "lsl_nondet(%d, %d): the lower bound exceeds the upper bound", lo, hi)
	}
	f.emit(&lsl.Choose{Dst: f.reg(c), Lo: lo, Hi: hi, Expr: fmt.Sprintf("lsl_nondet(%d, %d)", lo, hi)})
}

func chooseCall(f *fn, c *ir.InstCall) {
	f.emit(&lsl.Choose{Dst: f.reg(c), Lo: 0, Hi: 1, Expr: "lsl_choose()"})
}

func observeCall(kind lsl.ObsKind) apiHandler {
	return func(f *fn, c *ir.InstCall) {
		n := 2
		if kind == lsl.ObsLabel {
			n = 1
		}
		f.args(c, n)
		name, ok := stringArg(c.Args[0])
		if !ok {
			f.fail(diag.CodeType, "%s needs a string literal as its name", calleeName(c))
		}
		obs := &lsl.Observe{Kind: kind, Name: name}
		if kind != lsl.ObsLabel {
			obs.Val = f.val(c.Args[1])
		}
		f.emit(obs)
	}
}

func threadCall(op lsl.Op) apiHandler {
	return func(f *fn, c *ir.InstCall) {
		f.emit(&lsl.Assign{Dst: f.reg(c), Op: op})
	}
}

// casCall: lsl_cas_* (n = 1) and lsl_dcas_* (n = 2), Fig. 3.8, no fence.
func casCall(n int) apiHandler {
	return func(f *fn, c *ir.InstCall) {
		f.args(c, 3*n)
		f.t.prog.CheckFenceSync = true
		var locs, olds, news []lsl.Operand
		var exprs []string
		for i := 0; i < n; i++ {
			locs = append(locs, f.cell(c, i))
			exprs = append(exprs, f.cellText(c.Args[i]))
		}
		for i := n; i < 2*n; i++ {
			olds = append(olds, f.val(c.Args[i]))
		}
		for i := 2 * n; i < 3*n; i++ {
			news = append(news, f.val(c.Args[i]))
		}
		ok := f.reg(c)
		body := f.sub(func() {
			var eqs []lsl.Operand
			for i := 0; i < n; i++ {
				v := f.temp()
				f.emit(&lsl.Load{Dst: v, Addr: locs[i], Expr: exprs[i]})
				if n == 1 {
					f.emit(&lsl.Assign{Dst: ok, Op: lsl.OpEq, Args: []lsl.Operand{v, olds[i]}})
				} else {
					eqs = append(eqs, f.apply(lsl.OpEq, v, olds[i]))
				}
			}
			if n == 2 {
				f.emit(&lsl.Assign{Dst: ok, Op: lsl.OpAnd, Args: eqs})
			}
			stores := f.sub(func() {
				for i := 0; i < n; i++ {
					f.emit(&lsl.Store{Addr: locs[i], Val: news[i], Expr: exprs[i]})
				}
			})
			f.emit(&lsl.If{Cond: ok, Then: stores})
		})
		f.emit(&lsl.Atomic{Body: body})
	}
}

func initLockCall(f *fn, c *ir.InstCall) {
	f.args(c, 1)
	f.emit(&lsl.Store{Addr: f.cell(c, 0), Val: num(0), Expr: f.cellText(c.Args[0])})
	f.zeroResult(c)
}

// lockCall is the spinlock of Fig. 3.9.
func lockCall(f *fn, c *ir.InstCall) {
	f.args(c, 1)
	f.lock(c, 0)
	f.zeroResult(c)
}

// lock acquires the lock argument i of c points to: a spin on an atomic
// exchange, then the acquire fences.
func (f *fn) lock(c *ir.InstCall, i int) {
	l := f.cell(c, i)
	expr := f.cellText(c.Args[i])
	label := f.label("lock")
	body := f.sub(func() {
		v := f.temp()
		xchg := f.sub(func() {
			f.emit(&lsl.Load{Dst: v, Addr: l, Expr: expr})
			f.emit(&lsl.Store{Addr: l, Val: num(1), Expr: expr})
		})
		f.emit(&lsl.Atomic{Body: xchg})
		f.checkNotDestroyed(v, calleeName(c))
		held := f.apply(lsl.OpNe, v, num(0))
		retry := f.sub(func() { f.emit(&lsl.Continue{Label: label}) })
		f.emit(&lsl.If{Cond: held, Then: retry})
	})
	f.emit(&lsl.Spin{Label: label, Body: body})
	f.fences(acquireFences)
}

// trylockCall: pthread_mutex_trylock is one round of the lock's spin, an
// atomic exchange of 1, followed by the acquire fences; it returns 0 when
// the exchange found the mutex free, else EBUSY (16, as on Linux). The
// fences also follow a failed attempt, which only orders more.
func trylockCall(f *fn, c *ir.InstCall) {
	f.args(c, 1)
	l := f.cell(c, 0)
	expr := f.cellText(c.Args[0])
	v := f.temp()
	f.emit(&lsl.Atomic{Body: f.sub(func() {
		f.emit(&lsl.Load{Dst: v, Addr: l, Expr: expr})
		f.emit(&lsl.Store{Addr: l, Val: num(1), Expr: expr})
	})})
	f.checkNotDestroyed(v, calleeName(c))
	f.fences(acquireFences)
	if isIntType(c.Type()) {
		f.define(c, f.apply(lsl.OpMul, f.apply(lsl.OpNe, v, num(0)), num(ebusy)))
	}
}

// ebusy is EBUSY in include/llvm/errno.h.
const ebusy = 16

func unlockCall(f *fn, c *ir.InstCall) {
	f.args(c, 1)
	f.unlock(c, 0)
	f.zeroResult(c)
}

// unlock releases the lock argument i of c points to: the release fences,
// then an atomic check that it is held and a store of 0.
func (f *fn) unlock(c *ir.InstCall, i int) {
	l := f.cell(c, i)
	expr := f.cellText(c.Args[i])
	f.fences(releaseFences)
	body := f.sub(func() {
		v := f.temp()
		f.emit(&lsl.Load{Dst: v, Addr: l, Expr: expr})
		held := f.apply(lsl.OpEq, v, num(1))
		f.emit(&lsl.Assert{Cond: held, Msg: "unlock of a lock that is not held"})
		f.emit(&lsl.Store{Addr: l, Val: num(0), Expr: expr})
	})
	f.emit(&lsl.Atomic{Body: body})
}

// condWaitCall: pthread_cond_wait(cond, mutex). A condition variable is a
// counter of the signals sent to it (pthread_cond_t is an unsigned
// integer, PTHREAD_COND_INITIALIZER 0): the wait reads the counter while it
// holds the mutex, releases the mutex (with pthread_mutex_unlock's check
// that it is held), spins until the counter differs from what it read, and
// acquires the mutex again. A wait that no signal follows spins forever: a
// deadlock (a lost wakeup). A signal wakes every waiter, which POSIX
// allows. A wait may also wake spuriously, without a signal, as POSIX
// allows too. Outside a loop it then skips the spin: it returns after
// releasing and acquiring the mutex. Inside a loop of its function it
// returns at once, keeping the mutex — the wakeups no other thread's
// critical section comes before; the rounds of a loop whose waits release
// and re-acquire the mutex would not converge. When the loops around the
// wait store to memory otherwise (loopsStoreAround), only once per call of
// the function (fn.spuriousLeft): rounds that store what others read
// would not converge either. Not in a pthread main, whose parts a register
// cannot cross. A round in which a wait woke spuriously never counts as
// one the thread repeats forever (lsl.TagSpuriousWakeup; docs/semantics.md,
// "Condition variables").
func condWaitCall(f *fn, c *ir.InstCall) {
	f.args(c, 2)
	cv := f.cell(c, 0)
	expr := f.cellText(c.Args[0])
	seen := f.temp()
	f.emit(&lsl.Load{Dst: seen, Addr: cv, Expr: expr, Tags: condTags()})
	label := f.label("wait")
	body := f.sub(func() {
		now := f.temp()
		f.emit(&lsl.Load{Dst: now, Addr: cv, Expr: expr, Tags: condTags()})
		same := f.apply(lsl.OpEq, now, seen)
		retry := f.sub(func() { f.emit(&lsl.Continue{Label: label}) })
		f.emit(&lsl.If{Cond: same, Then: retry})
	})
	wait := &lsl.Spin{Label: label, Body: body}
	spurious := f.temp()
	// traces show the spurious wakeup as a load of the counter that names
	// it (a choice has no event); the tag tells fair progress
	woken := f.sub(func() {
		tags := append(condTags(), lsl.TagSpuriousWakeup)
		f.emit(&lsl.Load{Dst: f.temp(), Addr: cv, Expr: expr + ": spurious wakeup", Tags: tags})
	})
	inLoop := f.g != nil && f.g.inLoopAt(c)
	if !inLoop {
		f.unlock(c, 1)
		f.emit(&lsl.Choose{Dst: spurious, Lo: 0, Hi: 1, Pos: f.pos})
		f.emit(&lsl.If{Cond: f.apply(lsl.OpEq, spurious, num(0)), Then: f.sub(func() { f.emit(wait) }), Else: woken})
		f.lock(c, 1)
		f.zeroResult(c)
		return
	}
	blocking := f.sub(func() {
		f.unlock(c, 1)
		f.emit(wait)
		f.lock(c, 1)
	})
	switch {
	case f.pthreadMain:
		// main is split into parts that a register cannot cross
		f.emit(blocking)
	case !f.loopsStoreAround(c):
		// a round that wakes spuriously stores nothing: fair progress
		// deletes it
		f.emit(&lsl.Choose{Dst: spurious, Lo: 0, Hi: 1, Pos: f.pos})
		f.emit(&lsl.If{Cond: f.apply(lsl.OpEq, spurious, num(0)), Then: blocking, Else: woken})
	default:
		if f.spuriousLeft == "" {
			f.spuriousLeft = f.newReg("spurious_left")
		}
		left := f.spuriousLeft
		f.emit(&lsl.Choose{Dst: spurious, Lo: 0, Hi: 1, Pos: f.pos})
		used := &lsl.Assign{Dst: left, Op: lsl.OpCopy, Args: []lsl.Operand{num(0)}}
		lsl.SetPos(used, f.pos)
		woken.Stmts = append(woken.Stmts, used)
		block := f.apply(lsl.OpOr, f.apply(lsl.OpEq, spurious, num(0)), f.apply(lsl.OpEq, left, num(0)))
		f.emit(&lsl.If{Cond: block, Then: blocking, Else: woken})
	}
	f.zeroResult(c)
}

// initCondCall: pthread_cond_init sets the signal counter to 0, as
// PTHREAD_COND_INITIALIZER does (a condition variable in allocated memory
// starts undefined).
func initCondCall(f *fn, c *ir.InstCall) {
	f.args(c, 1)
	f.emit(&lsl.Store{Addr: f.cell(c, 0), Val: num(0), Expr: f.cellText(c.Args[0]), Tags: condTags()})
	f.zeroResult(c)
}

// loopsStoreAround reports whether a loop around the wait c may store to
// memory other than through c: a store, read-modify-write or
// compare-exchange to memory that is not a promoted local, or a call of
// anything else than a wait or a debug intrinsic. Only then can a round
// that woke spuriously be one fair progress must keep.
func (f *fn) loopsStoreAround(c *ir.InstCall) bool {
	for _, h := range f.g.loopsAt(c) {
		for x, in := range f.g.body[h] {
			if !in {
				continue
			}
			for _, i := range f.g.blocks[x].Insts {
				switch i := i.(type) {
				case *ir.InstStore:
					if a, ok := i.Dst.(*ir.InstAlloca); !ok || !f.promoted[a] {
						return true
					}
				case *ir.InstAtomicRMW, *ir.InstCmpXchg:
					return true
				case *ir.InstCall:
					name := calleeName(i)
					if name != "pthread_cond_wait" && !strings.HasPrefix(name, "llvm.dbg.") && !strings.HasPrefix(name, "llvm.lifetime.") {
						return true
					}
				}
			}
		}
	}
	return false
}

// condSignalCall: pthread_cond_signal and pthread_cond_broadcast add one
// to the condition variable's counter, atomically.
func condSignalCall(f *fn, c *ir.InstCall) {
	f.args(c, 1)
	cv := f.cell(c, 0)
	expr := f.cellText(c.Args[0])
	body := f.sub(func() {
		v := f.temp()
		f.emit(&lsl.Load{Dst: v, Addr: cv, Expr: expr, Tags: condTags()})
		f.emit(&lsl.Store{Addr: cv, Val: f.apply(lsl.OpAdd, v, num(1)), Expr: expr, Tags: condTags()})
	})
	f.emit(&lsl.Atomic{Body: body})
	f.zeroResult(c)
}

// condTags: the counter of a condition variable is a relaxed C11 atomic
// (the mutex orders the data), so on rc11 its accesses are no data race.
func condTags() []string { return []string{"A", "RLX"} }

// noopCall: a call with nothing to model (destroying a mutex or a
// condition variable, sched_yield, sleeping, printing), whose result is 0.
func noopCall(n int) apiHandler {
	return func(f *fn, c *ir.InstCall) { f.args(c, n); f.zeroResult(c) }
}

func abortCall(f *fn, c *ir.InstCall) {
	f.emit(&lsl.Abort{Msg: "abort()"})
}

func pthreadOutsideMain(f *fn, c *ir.InstCall) {
	name := calleeName(c)
	if c11 := map[string]string{"pthread_create": "thrd_create", "pthread_join": "thrd_join"}[name]; c11 != "" {
		name += " (or " + c11 + ")"
	}
	f.fail(diag.CodeUnsupported, "%s is only supported in main, which then becomes the test (see checkfence run without a .tst file)", name)
}

// structPointerCall: lsl_get_struct_pointer(T, f, p) is
// __lsl_get_struct_pointer(p, offsetof(T, f)) cast to T*. The struct
// comes from the cast, the field from the byte offset and p's type; the
// result drops one offset per level of the field.
func structPointerCall(f *fn, c *ir.InstCall) {
	f.args(c, 2)
	off, ok := constLen(c.Args[1])
	if !ok {
		f.fail(diag.CodeNotConstant, "lsl_get_struct_pointer needs a constant field offset")
	}
	var st *ir.InstBitCast
	for _, u := range f.uses[c] {
		if b, ok := u.(*ir.InstBitCast); ok {
			st = b
		}
	}
	if st == nil || pointee(st.To) == nil {
		f.fail(diag.CodeType, "the result of lsl_get_struct_pointer must be cast to the struct type")
	}
	container := pointee(st.To)
	p := f.ptr(c.Args[0])
	path, sub, ok := pathAt(container, off)
	if !ok {
		f.fail(diag.CodeUndeclared, "offset %d is not a field of %s", off, container)
	}
	for p.obj != nil && !sub.Equal(p.obj) && !(isScalar(sub) && isScalar(p.obj)) {
		next := firstChild(sub)
		if next == nil {
			f.fail(diag.CodeType, "the pointer passed to lsl_get_struct_pointer does not point to that field")
		}
		path = append(path, 0)
		sub = next
	}
	if p.obj == nil {
		for !isScalar(sub) {
			next := firstChild(sub)
			if next == nil {
				break
			}
			path = append(path, 0)
			sub = next
		}
	}
	if len(path) == 0 {
		f.setPtr(c, pval{op: p.op, obj: container})
		return
	}
	f.setPtr(c, pval{op: f.up(p.op, len(path)), obj: container})
}

// anyScalar stands for "the first scalar cell" in descent.
var anyScalar types.Type = types.I64

// exitCall: exit(status). A status other than 0 ends the program with a
// failure (a runtime error, like abort). exit(0) ends it successfully,
// which is only expressed in a pthread main after its last pthread_join:
// there nothing runs after main, so the execution ends without failure,
// and the code after the call is discarded (an assume false, which the
// split checks is in main_final: exitMarker).
func exitCall(f *fn, c *ir.InstCall) {
	f.args(c, 1)
	status := f.val(c.Args[0])
	if k, ok := status.(lsl.Const); ok && k.V.Kind == lsl.KNum && k.V.Num != 0 {
		f.emit(&lsl.Abort{Msg: fmt.Sprintf("exit(%d)", k.V.Num)})
		return
	}
	sequential := f.t.pthread == nil && f.f.Name() == "main" // main alone: exit ends the run
	if !f.pthreadMain && !sequential {
		f.fail(diag.CodeUnsupported, "exit(0) is only supported in main after its last pthread_join (return from main instead)")
	}
	if k, ok := status.(lsl.Const); !ok || k.V.Kind != lsl.KNum {
		failed := f.apply(lsl.OpNe, status, num(0))
		f.emit(&lsl.If{Cond: failed, Then: f.sub(func() { f.emit(&lsl.Abort{Msg: "exit with a status other than 0"}) })})
	}
	end := &lsl.Assume{Cond: num(0)}
	f.emit(end)
	if !sequential {
		f.exits = append(f.exits, end)
	}
}

// lockDestroyed is the value pthread_mutex_destroy leaves in a mutex (a
// lock is 0 when free, 1 when held).
const lockDestroyed = 2

// destroyLockCall: pthread_mutex_destroy (and pthread_spin_destroy) of a
// free mutex marks it destroyed, in one read-modify-write; destroying a
// held mutex, and locking or unlocking a destroyed one (until it is
// initialized again), are runtime errors.
func destroyLockCall(f *fn, c *ir.InstCall) {
	f.args(c, 1)
	l := f.cell(c, 0)
	expr := f.cellText(c.Args[0])
	v := f.temp()
	f.emit(&lsl.Atomic{Body: f.sub(func() {
		f.emit(&lsl.Load{Dst: v, Addr: l, Expr: expr})
		f.emit(&lsl.Store{Addr: l, Val: num(lockDestroyed), Expr: expr})
	})})
	f.abortUnless(f.apply(lsl.OpEq, v, num(0)), calleeName(c)+" of a mutex that is locked or destroyed")
	f.zeroResult(c)
}

// checkNotDestroyed fails when a lock's exchange read the destroyed mark.
func (f *fn) checkNotDestroyed(v lsl.Operand, name string) {
	if name == "lsl_lock" {
		return
	}
	f.abortUnless(f.apply(lsl.OpNe, v, num(lockDestroyed)), name+" of a destroyed mutex")
}

// abortUnless is a runtime error with message msg unless ok holds.
func (f *fn) abortUnless(ok lsl.Operand, msg string) {
	f.emit(&lsl.If{Cond: ok, Then: &lsl.Block{Pos: f.pos}, Else: f.sub(func() { f.emit(&lsl.Abort{Msg: msg}) })})
}
