package bv

import (
	"context"
	"math"
	"math/rand"
	"slices"
	"testing"

	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// opCase is a bit-vector operation with its reference semantics on int64.
type opCase struct {
	name  string
	unary bool
	build func(c *logic.C, a, b Vec) Vec
	// want gets a and b sign-extended from width w; its result is compared
	// after reduction to the output width (predicates return 1 or 0).
	want func(a, b int64, w int) int64
}

func pred(f func(c *logic.C, a, b Vec) z.Lit) func(c *logic.C, a, b Vec) Vec {
	return func(c *logic.C, a, b Vec) Vec { return Vec{f(c, a, b)} }
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// wrap reduces x to w bits, two's complement.
func wrap(x int64, w int) int64 {
	if w >= 64 {
		return x
	}
	sh := uint(64 - w)
	return x << sh >> sh
}

// unsigned reads the low w bits of x as unsigned.
func unsigned(x int64, w int) uint64 {
	if w >= 64 {
		return uint64(x)
	}
	return uint64(x) & (1<<uint(w) - 1)
}

func divWant(a, b int64) int64 {
	switch {
	case b == 0 && a < 0:
		return 1
	case b == 0:
		return -1
	case b == -1:
		return -a // wraps for MinInt64 as Go's a / -1 does
	}
	return a / b
}

func modWant(a, b int64) int64 {
	if b == 0 || b == -1 {
		return b2i(b == 0) * a
	}
	return a % b
}

var opCases = []opCase{
	{name: "Not", unary: true,
		build: func(c *logic.C, a, _ Vec) Vec { return Not(c, a) },
		want:  func(a, _ int64, _ int) int64 { return ^a }},
	{name: "Neg", unary: true,
		build: func(c *logic.C, a, _ Vec) Vec { return Neg(c, a) },
		want:  func(a, _ int64, _ int) int64 { return -a }},
	{name: "IsZero", unary: true,
		build: pred(func(c *logic.C, a, _ Vec) z.Lit { return IsZero(c, a) }),
		want:  func(a, _ int64, _ int) int64 { return b2i(a == 0) }},
	{name: "And",
		build: And,
		want:  func(a, b int64, _ int) int64 { return a & b }},
	{name: "Or",
		build: Or,
		want:  func(a, b int64, _ int) int64 { return a | b }},
	{name: "Xor",
		build: Xor,
		want:  func(a, b int64, _ int) int64 { return a ^ b }},
	{name: "Add",
		build: Add,
		want:  func(a, b int64, _ int) int64 { return a + b }},
	{name: "Sub",
		build: Sub,
		want:  func(a, b int64, _ int) int64 { return a - b }},
	{name: "Mul",
		build: Mul,
		want:  func(a, b int64, _ int) int64 { return a * b }},
	{name: "DivS",
		build: DivS,
		want:  func(a, b int64, _ int) int64 { return divWant(a, b) }},
	{name: "ModS",
		build: ModS,
		want:  func(a, b int64, _ int) int64 { return modWant(a, b) }},
	{name: "Shl",
		build: Shl,
		want: func(a, b int64, w int) int64 {
			if n := unsigned(b, w); n < uint64(w) {
				return a << n
			}
			return 0
		}},
	{name: "ShrS",
		build: ShrS,
		want: func(a, b int64, w int) int64 {
			n := unsigned(b, w)
			if n >= uint64(w) {
				n = 63
			}
			return a >> n
		}},
	{name: "Eq",
		build: pred(Eq),
		want:  func(a, b int64, _ int) int64 { return b2i(a == b) }},
	{name: "Slt",
		build: pred(Slt),
		want:  func(a, b int64, _ int) int64 { return b2i(a < b) }},
	{name: "Sle",
		build: pred(Sle),
		want:  func(a, b int64, _ int) int64 { return b2i(a <= b) }},
	{name: "Ult",
		build: pred(Ult),
		want:  func(a, b int64, w int) int64 { return b2i(unsigned(a, w) < unsigned(b, w)) }},
	{name: "Mux/self",
		build: func(c *logic.C, a, b Vec) Vec { return Mux(c, Slt(c, a, b), a, b) },
		want: func(a, b int64, _ int) int64 {
			if a < b {
				return a
			}
			return b
		}},
}

// pairs lists the operand pairs to check at width w: all of them up to width
// 5, otherwise n random ones plus the extremes.
func pairs(w, n int, rng *rand.Rand) [][2]int64 {
	var ps [][2]int64
	if w <= 5 {
		lo, hi := int64(-1)<<uint(w-1), int64(1)<<uint(w-1)-1
		for a := lo; a <= hi; a++ {
			for b := lo; b <= hi; b++ {
				ps = append(ps, [2]int64{a, b})
			}
		}
		return ps
	}
	edges := []int64{0, 1, -1, 2, wrap(math.MinInt64>>uint(64-w), w), wrap(math.MaxInt64>>uint(64-w), w), int64(w), int64(w - 1)}
	for _, a := range edges {
		for _, b := range edges {
			ps = append(ps, [2]int64{wrap(a, w), wrap(b, w)})
		}
	}
	for i := 0; i < n; i++ {
		ps = append(ps, [2]int64{wrap(rng.Int63()-rng.Int63(), w), wrap(rng.Int63()>>uint(rng.Intn(64)), w)})
	}
	return ps
}

var testWidths = []int{1, 2, 3, 4, 5, 8, 16, 32, 64}

// evalModel sets the bits of the given vectors and evaluates c.
type evalModel struct {
	c  *logic.C
	vs []bool
}

func newEvalModel(c *logic.C) *evalModel {
	return &evalModel{c: c, vs: make([]bool, c.Len())}
}

func (m *evalModel) set(a Vec, v int64) {
	for i, l := range a {
		m.vs[l.Var()] = (v>>uint(min(i, 63)))&1 == 1
	}
}

func (m *evalModel) value(l z.Lit) bool { return m.vs[l.Var()] == l.IsPos() }

// TestOpsConstantFolding builds each operation on constants: every result
// must fold to a constant with the reference value, creating no gates.
func TestOpsConstantFolding(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, op := range opCases {
		for _, w := range testWidths {
			c := logic.NewC()
			for _, p := range pairs(w, 300, rng) {
				before := c.Len()
				out := op.build(c, Const(c, p[0], w), Const(c, p[1], w))
				got, ok := IsConst(c, out)
				if !ok || c.Len() != before {
					t.Fatalf("%s/%d(%d, %d): not folded (const %v, %d new gates)", op.name, w, p[0], p[1], ok, c.Len()-before)
				}
				if want := wrap(op.want(p[0], p[1], w), len(out)); got != want {
					t.Fatalf("%s/%d(%d, %d) = %d, want %d", op.name, w, p[0], p[1], got, want)
				}
			}
		}
	}
}

// TestOpsEval builds each operation once on fresh inputs and evaluates the
// circuit for every operand pair.
func TestOpsEval(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for _, op := range opCases {
		for _, w := range testWidths {
			c := logic.NewC()
			a, b := Fresh(c, w), Fresh(c, w)
			out := op.build(c, a, b)
			m := newEvalModel(c)
			for _, p := range pairs(w, 300, rng) {
				m.set(a, p[0])
				m.set(b, p[1])
				c.Eval(m.vs)
				got := ValueOf(out, m.value)
				if want := wrap(op.want(p[0], p[1], w), len(out)); got != want {
					t.Fatalf("%s/%d(%d, %d) = %d, want %d", op.name, w, p[0], p[1], got, want)
				}
			}
		}
	}
}

// TestOpsSAT checks the CNF the solver sees: with the inputs fixed by
// assumptions, the output equal to the reference value must be satisfiable
// and any other output unsatisfiable.
func TestOpsSAT(t *testing.T) {
	ctx := context.Background()
	for i, op := range opCases {
		t.Run(op.name, func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewSource(int64(i)))
			for _, w := range testWidths {
				c := logic.NewC()
				a, b := Fresh(c, w), Fresh(c, w)
				out := op.build(c, a, b)
				s := sat.NewSolver(c)
				for _, p := range pairs(w, 20, rng) {
					fix := append(bitsEqual(c, a, p[0]), bitsEqual(c, b, p[1])...)
					want := Eq(c, out, Const(c, op.want(p[0], p[1], w), len(out)))
					if r := s.Solve(ctx, append(fix, want)...); r != sat.Sat {
						t.Fatalf("%s/%d(%d, %d): expected value is %v", op.name, w, p[0], p[1], r)
					}
					if got := ValueOf(out, s.Value); got != wrap(op.want(p[0], p[1], w), len(out)) {
						t.Fatalf("%s/%d(%d, %d): model value %d", op.name, w, p[0], p[1], got)
					}
					if r := s.Solve(ctx, append(fix, want.Not())...); r != sat.Unsat {
						t.Fatalf("%s/%d(%d, %d): another value is %v", op.name, w, p[0], p[1], r)
					}
				}
			}
		})
	}
}

// bitsEqual returns literals fixing each bit of a to the bits of v.
func bitsEqual(c *logic.C, a Vec, v int64) []z.Lit {
	lits := make([]z.Lit, len(a))
	for i, l := range a {
		if (v>>uint(min(i, 63)))&1 == 1 {
			lits[i] = l
		} else {
			lits[i] = l.Not()
		}
	}
	return lits
}

// TestExtend checks both extensions on every value of narrow vectors,
// fresh and constant, widening and truncating.
func TestExtend(t *testing.T) {
	for _, ext := range []struct {
		name string
		f    func(c *logic.C, a Vec, w int) Vec
		read func(v int64, w int) int64 // the number the low w bits of v are
	}{
		{"SignExtend", SignExtend, wrap},
		{"ZeroExtend", ZeroExtend, func(v int64, w int) int64 { return int64(unsigned(v, w)) }},
	} {
		for from := 1; from <= 5; from++ {
			c := logic.NewC()
			a := Fresh(c, from)
			m := newEvalModel(c)
			for to := 1; to <= 8; to++ {
				out := ext.f(c, a, to)
				for v := int64(-1) << uint(from-1); v < int64(1)<<uint(from-1); v++ {
					m.set(a, v)
					c.Eval(m.vs)
					want := wrap(ext.read(v, from), to)
					if got := ValueOf(out, m.value); got != want {
						t.Fatalf("%s(%d/%d, %d) = %d, want %d", ext.name, v, from, to, got, want)
					}
					if got, ok := IsConst(c, ext.f(c, Const(c, v, from), to)); !ok || got != want {
						t.Fatalf("%s(const %d/%d, %d) = %d,%v want %d", ext.name, v, from, to, got, ok, want)
					}
				}
			}
		}
		// The result must not alias its operand.
		c := logic.NewC()
		a := Const(c, 5, 4)
		ext.f(c, a, 2)[0] = c.F
		ext.f(c, a, 6)[0] = c.F
		if v, _ := IsConst(c, a); v != 5 {
			t.Fatalf("%s modified its operand: %d", ext.name, v)
		}
	}
}

func TestShiftAmountWidths(t *testing.T) {
	shl := opCases[findOp("Shl")]
	shr := opCases[findOp("ShrS")]
	for _, w := range []int{1, 3, 5, 8} {
		for aw := 1; aw <= 7; aw++ {
			c := logic.NewC()
			a, amt := Fresh(c, w), Fresh(c, aw)
			left, right := Shl(c, a, amt), ShrS(c, a, amt)
			m := newEvalModel(c)
			for av := int64(0); av < 1<<uint(aw); av++ {
				for _, v := range []int64{0, 1, -1, 5, -6, 0x5a, -0x80} {
					v = wrap(v, w)
					m.set(a, v)
					m.set(amt, av)
					c.Eval(m.vs)
					// The amount is unsigned at its own width; the int64
					// reference gives 0 or sign fill for amounts >= w.
					if got, want := ValueOf(left, m.value), wrap(shl.want(v, av, 64), w); got != want {
						t.Fatalf("Shl(%d/%d, %d/%d) = %d, want %d", v, w, av, aw, got, want)
					}
					if got, want := ValueOf(right, m.value), wrap(shr.want(v, av, 64), w); got != want {
						t.Fatalf("ShrS(%d/%d, %d/%d) = %d, want %d", v, w, av, aw, got, want)
					}
				}
			}
		}
	}
}

func findOp(name string) int {
	for i, op := range opCases {
		if op.name == name {
			return i
		}
	}
	panic("no op " + name)
}

func TestMuxConstantSelect(t *testing.T) {
	c := logic.NewC()
	a, b := Fresh(c, 4), Fresh(c, 4)
	before := c.Len()
	if got := Mux(c, c.T, a, b); !slices.Equal(got, a) {
		t.Errorf("Mux(T, a, b) = %v, want a = %v", got, a)
	}
	if got := Mux(c, c.F, a, b); !slices.Equal(got, b) {
		t.Errorf("Mux(F, a, b) = %v, want b = %v", got, b)
	}
	if got := Mux(c, c.Lit(), a, a); !slices.Equal(got, a) {
		t.Errorf("Mux(s, a, a) = %v, want a = %v", got, a)
	}
	if c.Len() != before+1 {
		t.Errorf("constant or trivial Mux created %d gates", c.Len()-before-1)
	}
}

// TestNoGatesForConstantOperands checks the folding the encoder relies on to
// keep circuits small: identity and constant-shift operations are free.
func TestNoGatesForConstantOperands(t *testing.T) {
	cases := []struct {
		name  string
		build func(c *logic.C, a Vec) Vec
		want  func(a int64) int64
	}{
		{"a+0", func(c *logic.C, a Vec) Vec { return Add(c, a, Const(c, 0, 8)) }, func(a int64) int64 { return a }},
		{"a-0", func(c *logic.C, a Vec) Vec { return Sub(c, a, Const(c, 0, 8)) }, func(a int64) int64 { return a }},
		{"a*0", func(c *logic.C, a Vec) Vec { return Mul(c, a, Const(c, 0, 8)) }, func(a int64) int64 { return 0 }},
		{"a*1", func(c *logic.C, a Vec) Vec { return Mul(c, a, Const(c, 1, 8)) }, func(a int64) int64 { return a }},
		{"4*a", func(c *logic.C, a Vec) Vec { return Mul(c, Const(c, 4, 8), a) }, func(a int64) int64 { return 4 * a }},
		{"a<<3", func(c *logic.C, a Vec) Vec { return Shl(c, a, Const(c, 3, 4)) }, func(a int64) int64 { return a << 3 }},
		{"a>>3", func(c *logic.C, a Vec) Vec { return ShrS(c, a, Const(c, 3, 4)) }, func(a int64) int64 { return a >> 3 }},
	}
	for _, tc := range cases {
		c := logic.NewC()
		a := Fresh(c, 8)
		before := c.Len()
		out := tc.build(c, a)
		if c.Len() != before {
			t.Errorf("%s created %d gates", tc.name, c.Len()-before)
		}
		m := newEvalModel(c)
		for v := int64(-128); v < 128; v++ {
			m.set(a, v)
			c.Eval(m.vs)
			if got, want := ValueOf(out, m.value), wrap(tc.want(v), 8); got != want {
				t.Fatalf("%s with a=%d: %d, want %d", tc.name, v, got, want)
			}
		}
	}
}

func TestBitsFor(t *testing.T) {
	holds := func(w int, x int64) bool {
		return w >= 64 || (x >= -(int64(1)<<uint(w-1)) && x < int64(1)<<uint(w-1))
	}
	for lo := int64(-40); lo <= 40; lo++ {
		for hi := lo; hi <= 40; hi++ {
			want := 1
			for !holds(want, lo) || !holds(want, hi) {
				want++
			}
			if got := BitsFor(lo, hi); got != want {
				t.Fatalf("BitsFor(%d, %d) = %d, want %d", lo, hi, got, want)
			}
		}
	}
	for _, tc := range []struct {
		lo, hi int64
		want   int
	}{
		{0, 0, 1}, {-1, 0, 1}, {0, 1, 2}, {-128, 127, 8}, {-129, 0, 9}, {0, 128, 9},
		{math.MinInt64, 0, 64}, {0, math.MaxInt64, 64}, {math.MinInt32, math.MaxInt32, 32},
	} {
		if got := BitsFor(tc.lo, tc.hi); got != tc.want {
			t.Errorf("BitsFor(%d, %d) = %d, want %d", tc.lo, tc.hi, got, tc.want)
		}
	}
}

func TestConstAndValueOf(t *testing.T) {
	c := logic.NewC()
	for _, tc := range []struct {
		v    int64
		w    int
		want int64
	}{
		{5, 3, -3}, {5, 4, 5}, {-1, 1, -1}, {2, 1, 0}, {math.MinInt64, 64, math.MinInt64},
		{-2, 70, -2}, {math.MaxInt64, 70, math.MaxInt64}, {300, 8, 44},
	} {
		a := Const(c, tc.v, tc.w)
		if a.Width() != tc.w {
			t.Errorf("Const(%d, %d) has width %d", tc.v, tc.w, a.Width())
		}
		if got, ok := IsConst(c, a); !ok || got != tc.want {
			t.Errorf("Const(%d, %d) = %d,%v want %d", tc.v, tc.w, got, ok, tc.want)
		}
		if tc.w > 64 && a[tc.w-1] != a[63] {
			t.Errorf("Const(%d, %d) not sign-extended beyond bit 63", tc.v, tc.w)
		}
	}
	x := Fresh(c, 3)
	if _, ok := IsConst(c, x); ok {
		t.Error("IsConst(fresh) = true")
	}
	if _, ok := IsConst(c, Vec{c.T, x[0]}); ok {
		t.Error("IsConst(partly fresh) = true")
	}
}

func TestWidthMismatchPanics(t *testing.T) {
	c := logic.NewC()
	for name, f := range map[string]func(){
		"Add":   func() { Add(c, Fresh(c, 3), Fresh(c, 4)) },
		"Eq":    func() { Eq(c, Fresh(c, 3), Fresh(c, 4)) },
		"Mux":   func() { Mux(c, c.Lit(), Fresh(c, 3), Fresh(c, 4)) },
		"Const": func() { Const(c, 0, 0) },
		"Shl":   func() { Shl(c, Fresh(c, 3), Vec{}) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}

func benchmarkOp(b *testing.B, op func(c *logic.C, x, y Vec) Vec) {
	gates := 0
	for i := 0; i < b.N; i++ {
		c := logic.NewC()
		x, y := Fresh(c, 16), Fresh(c, 16)
		before := c.Len()
		op(c, x, y)
		gates = c.Len() - before
	}
	b.ReportMetric(float64(gates), "gates")
}

func BenchmarkMul16(b *testing.B)  { benchmarkOp(b, Mul) }
func BenchmarkDivS16(b *testing.B) { benchmarkOp(b, DivS) }

// Mul narrows operands that are sign or zero extensions of narrower
// numbers: on every input tried (the extremes, random others) its product equals that
// of the wide encoding (mulWide), and it uses fewer gates. (SAT cannot
// compare two multipliers quickly: equivalence of multipliers is hard.)
func TestMulNarrowing(t *testing.T) {
	const w = 24
	ext := func(c *logic.C, k int, signed bool) (Vec, Vec) {
		v := Fresh(c, k)
		if signed {
			return v, SignExtend(c, v, w)
		}
		out := make(Vec, w)
		for i := range out {
			out[i] = c.F
		}
		copy(out, v)
		return v, out
	}
	for _, tc := range []struct {
		ka, kb         int
		sa, sb, narrow bool
	}{
		{6, 6, true, true, true},
		{5, 7, true, false, true},
		{7, 3, false, false, false}, // constant zero bits cost nothing already
		{4, 8, false, true, true},
		{12, 12, true, true, false}, // 24 bits: no narrower
	} {
		gates := func(mul func(*logic.C, Vec, Vec) Vec) int {
			c := logic.NewC()
			_, a := ext(c, tc.ka, tc.sa)
			_, b := ext(c, tc.kb, tc.sb)
			before := c.Len()
			mul(c, a, b)
			return c.Len() - before
		}
		if n, wd := gates(Mul), gates(mulWide); tc.narrow && n >= wd || n > wd {
			t.Errorf("%+v: narrowed multiplier has %d gates, the wide one %d", tc, n, wd)
		}
		c := logic.NewC()
		va, a := ext(c, tc.ka, tc.sa)
		vb, b := ext(c, tc.kb, tc.sb)
		narrow, wide := Mul(c, a, b), mulWide(c, a, b)
		m := newEvalModel(c)
		rng := rand.New(rand.NewSource(int64(tc.ka*100 + tc.kb)))
		for i := 0; i < 300; i++ {
			x, y := rng.Int63n(1<<tc.ka), rng.Int63n(1<<tc.kb)
			if i < 4 { // the extremes
				x, y = int64(i&1)*(1<<tc.ka-1), int64(i>>1)*(1<<tc.kb-1)
			}
			m.set(va, x)
			m.set(vb, y)
			c.Eval(m.vs)
			if n, wd := ValueOf(narrow, m.value), ValueOf(wide, m.value); n != wd {
				t.Fatalf("%+v: inputs %d, %d: narrowed product %d, wide %d", tc, x, y, n, wd)
			}
		}
	}
	// constants keep the plain encoding's values
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 200; i++ {
		x, y := int64(int16(rng.Int63())), rng.Int63()
		c := logic.NewC()
		got, ok := IsConst(c, Mul(c, Const(c, x, 64), Const(c, y, 64)))
		if !ok || got != x*y {
			t.Fatalf("Mul(%d, %d) = %d (%v), want %d", x, y, got, ok, x*y)
		}
	}
}
