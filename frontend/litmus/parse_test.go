package litmus

import (
	"errors"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
)

func TestParseX86(t *testing.T) {
	src := `X86 2+2W+mfence (TwoTwoW) "doc string"
Cycle=Wse PodWW Wse PodWW
Prefetch=0:x=F
{ x = 0; y=1; P1:EBX = 3 ; }
 P0          | P1          ;
 mov [x],$2  | MOV [y],2   ;
 MFENCE      |             ;
 MOV [y],$1  | MOV [x],EBX ;
locations [x; 1:EAX;]
(* a comment (* nested *) *)
exists (x=2 /\ y=2 \/ ~(1:EAX=0) => false)
<<
show 0 genprog generated/prog.tex
>>
`
	tt, err := Parse("t.litmus", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if tt.Arch != "X86" || tt.Name != "2+2W+mfence" {
		t.Errorf("arch %q name %q", tt.Arch, tt.Name)
	}
	if got := strings.Join(tt.Threads, ","); got != "P0,P1" {
		t.Errorf("threads %s", got)
	}
	if got := strings.Join(tt.Locs, ","); got != "x,y" {
		t.Errorf("locations %s", got)
	}
	if got, want := tt.Cond.String(), `exists (x=2 /\ y=2 \/ ~1:EAX=0 => false)`; got != want {
		t.Errorf("condition %s, want %s", got, want)
	}
	var shown []string
	for _, s := range tt.Shown {
		shown = append(shown, s.String())
	}
	if got := strings.Join(shown, " "); got != "1:EAX x y" {
		t.Errorf("shown terms %s", got)
	}
	if err := lsl.Sanity(tt.Program); err != nil {
		t.Errorf("translation fails the sanity check: %v", err)
	}
	if g := tt.Program.Global("y"); g == nil || len(g.Init) != 1 || !g.Init[0].Val.Equal(lsl.Num(1)) {
		t.Errorf("y is not initialized to 1: %+v", g)
	}
}

func TestParseC(t *testing.T) {
	src := `C SB+c11
{ int x = 0; atomic_int y = 0; int *p = &x; }

void P0(atomic_int *x, atomic_int *y) {
	// a comment
	atomic_store_explicit(x, 1, memory_order_release); /* another */
	int r0 = atomic_load_explicit(y, memory_order_acquire);
}

P1(atomic_int *x, volatile int* y, int **p)
{
	int r0, r1 = 2;
	*y = (int) 1;
	r0 = *x + (r1 - 1) * 2;
	r1 += 1;
L1:	if (!r0) { r1--; } else ;
}
forall (0:r0=0 \/ 0:r0=1) /\ p=x
`
	tt, err := Parse("t.litmus", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if tt.Arch != "C" || tt.Name != "SB+c11" || len(tt.Threads) != 2 {
		t.Errorf("arch %q name %q threads %v", tt.Arch, tt.Name, tt.Threads)
	}
	if got, want := tt.Cond.String(), `forall ((0:r0=0 \/ 0:r0=1) /\ p=x)`; got != want {
		t.Errorf("condition %s, want %s", got, want)
	}
	if err := lsl.Sanity(tt.Program); err != nil {
		t.Errorf("translation fails the sanity check: %v", err)
	}
	if g := tt.Program.Global("p"); g == nil || len(g.Init) != 1 || !g.Init[0].Val.Equal(lsl.Ptr(1)) {
		t.Errorf("p does not point to x: %+v", g)
	}
}

// TestParseErrors checks the message and position of input errors.
func TestParseErrors(t *testing.T) {
	x86 := func(table, cond string) string {
		return "X86 t\n{ }\n P0 | P1 ;\n" + table + cond + "\n"
	}
	cases := []struct {
		name, src, want string
	}{
		{"empty", "", "t.litmus:1:1: empty file"},
		{"arch", "ARM t\n{}\n", `t.litmus:1:1: unsupported architecture "ARM" (supported: X86, AArch64, RISCV, PPC, C)`},
		{"no name", "X86\n{}\n", "t.litmus:1:1: missing test name after X86"},
		{"no init", "X86 t\nfoo\n", "t.litmus:3:1: missing initial state"},
		{"unterminated doc", "X86 t \"doc\n{}", "t.litmus:1:7: unterminated string"},
		{"init item", "X86 t\n{ x=1 y=2 }\n", `t.litmus:2:7: expected ";" or "}" in the initial state, found "y"`},
		{"init twice", "X86 t\n{ x=1; x=2; }\n", "t.litmus:2:8: x is initialized twice (first at t.litmus:2:3)"},
		{"header", "X86 t\n{}\n P0 | P2 ;\n", "t.litmus:3:7: expected thread name P1 in the thread table header, found \"P2\""},
		{"instruction", x86(" FOO EAX | ;\n", "exists (0:EAX=1)"), "t.litmus:4:2: unsupported x86 instruction FOO"},
		{"label and jump", x86(" L0: JMP L0 | ;\n", "exists (0:EAX=1)"), "t.litmus:4:2: labels are not supported (L0: JMP L0): a thread is straight-line code, without jumps"},
		{"conditional jump", x86(" JNE L1 | ;\n", "exists (0:EAX=1)"), "t.litmus:4:2: JNE is not supported (JNE L1): a thread is straight-line code, without jumps"},
		{"compare", x86(" CMP EAX,$1 | ;\n", "exists (0:EAX=1)"), "t.litmus:4:2: CMP is not supported"},
		{"operand", x86(" MOV EAX,[x | ;\n", "exists (0:EAX=1)"), "t.litmus:4:10: bad operand [x (expected a register"},
		{"register", x86(" MOV FOO,$1 | ;\n", "exists (0:EAX=1)"), "t.litmus:4:6: unknown register FOO (memory operands are written [FOO])"},
		{"mem to mem", x86(" MOV [x],[y] | ;\n", "exists (0:EAX=1)"), "t.litmus:4:2: MOV cannot move from memory to memory"},
		{"arity", x86(" MFENCE EAX | ;\n", "exists (0:EAX=1)"), "t.litmus:4:2: MFENCE takes 0 operand(s), found 1"},
		{"lock", x86(" LOCK MOV [x],$1 | ;\n", "exists (0:EAX=1)"), "t.litmus:4:2: LOCK cannot prefix MOV"},
		{"columns", x86(" MOV [x],$1 | | ;\n", "exists (0:EAX=1)"), "t.litmus:4:17: too many columns: the test has 2 threads"},
		{"row end", x86(" MOV [x],$1 | \n", ""), "t.litmus:6:1: missing \";\" at the end of the row"},
		{"no condition", x86(" MOV [x],$1 | ;\n", ""), "t.litmus:6:1: missing final condition"},
		{"bad thread", x86(" MOV [x],$1 | ;\n", "exists (2:EAX=1)"), "t.litmus:5:9: no thread P2 (the test has 2 threads)"},
		{"bad cond reg", x86(" MOV [x],$1 | ;\n", "exists (0:FOO=1)"), "t.litmus:5:11: unknown x86 register FOO"},
		{"trailing", x86(" MOV [x],$1 | ;\n", "exists (x=1) foo"), `t.litmus:5:14: unexpected "foo" after the final condition`},
		{"register location", x86(" MOV [x],$1 | ;\n", "exists (EAX=1)"), "t.litmus:5:9: EAX is a register, not a memory location"},
		{"unclosed comment", x86(" MOV [x],$1 | ;\n", "exists (x=1) (* oops"), "t.litmus:5:14: unterminated comment (* … *)"},
		{"unclosed block", x86(" MOV [x],$1 | ;\n", "exists (x=1) << oops"), "t.litmus:5:14: missing \">>\""},
		{"character", x86(" MOV [x],$1 | ;\n", "exists (x=@)"), "t.litmus:5:11: unexpected character '@'"},
		{"big number", x86(" MOV [x],$99999999999 | ;\n", "exists (x=1)"), "t.litmus:4:11: number 99999999999 is too large"},
		{"C thread name", "C t\n{}\nP1(int *x) {}\nexists (x=1)\n", "t.litmus:3:1: expected thread function P0, found \"P1\""},
		{"C param", "C t\n{}\nP0(int x) {}\nexists (x=1)\n", "t.litmus:3:8: parameter x must be a pointer"},
		{"C function", "C t\n{}\nP0(int *x) { spin_lock_irqsave(x); }\nexists (x=1)\n", "t.litmus:3:14: unsupported function spin_lock_irqsave"},
		{"C undeclared", "C t\n{}\nP0(int *x) { r0 += 1; }\nexists (x=1)\n", "t.litmus:3:14: unknown variable r0"},
		{"C goto a label", "C t\n{}\nP0(int *x) { L1: goto L1; }\nexists (x=1)\n", "t.litmus:3:18: goto is not supported"},
		{"C order", "C t\n{}\nP0(int *x) { int r = atomic_load_explicit(x, memory_order_release); }\nexists (x=1)\n", "t.litmus:3:22: a load cannot have order memory_order_release"},
		{"C bad order", "C t\n{}\nP0(int *x) { atomic_store_explicit(x, 1, relaxed); }\nexists (x=1)\n", "t.litmus:3:42: expected a memory order"},
		{"C store value", "C t\n{}\nP0(int *x) { int r = WRITE_ONCE(*x, 1); }\nexists (x=1)\n", "t.litmus:3:22: WRITE_ONCE has no value"},
		{"C missing brace", "C t\n{}\nP0(int *x) { WRITE_ONCE(*x, 1);\nexists (x=1)\n", "t.litmus:4:1: missing \"}\" at the end of P0"},
		{"C cas", "C t\n{}\nP0(int *x) { int r; atomic_compare_exchange_strong(x, &q, 1); }\nexists (x=1)\n", "t.litmus:3:55: the expected value of atomic_compare_exchange_strong must be &r"},
		{"C unterminated comment", "C t\n{}\nP0(int *x) { /* \n", "t.litmus:3:14: unterminated comment"},
		{"C redeclared", "C t\n{}\nP0(int *x) { int r; if (1) { int r = 2; } }\nexists (x=1)\n", "t.litmus:3:34: r is declared twice"},
		{"C no threads", "C t\n{}\nexists (x=1)\n", "t.litmus:3:1: no thread functions"},
		{"nesting", x86(" MOV [x],$1 | ;\n", "exists "+strings.Repeat("(", 300)+"x=1"), "t.litmus:5:208: proposition nested too deeply"},
	}
	for _, c := range cases {
		_, err := Parse("t.litmus", []byte(c.src))
		if err == nil {
			t.Errorf("%s: no error, want %s", c.name, c.want)
			continue
		}
		var le *diag.Error
		if !errors.As(err, &le) {
			t.Errorf("%s: error %T, want *diag.Error", c.name, err)
		}
		if !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.name, err, c.want)
		}
	}
}

// TestUnsupported: well-formed tests with features the front ends do not
// translate are reported as Unsupported with a reason, not as input
// errors.
func TestUnsupported(t *testing.T) {
	arm := func(init, table string) string {
		return "AArch64 t\n{ " + init + " }\n P0 | P1 ;\n" + table + "exists (x=1)\n"
	}
	cases := []struct {
		name, src, reason, want string
	}{
		{"wide value", arm("x=0x10000000000000000;", " NOP | ;\n"), ReasonWide, "t.litmus:2:5: unsupported: number 0x10000000000000000 is wider than 64 bits"},
		{"loop", arm("", " L0: | ;\n B L0 | ;\n"), ReasonLoop, "t.litmus:5:2: unsupported: backward jump to L0"},
		{"instruction", arm("", " PRFM PLDL1KEEP,[X1] | ;\n"), ReasonInstruction, "t.litmus:4:2: unsupported: AArch64 instruction PRFM"},
		{"post-index", arm("0:X1=x;", " LDR W0,[X1],#4 | ;\n"), ReasonInstruction, "t.litmus:4:2: unsupported: post-indexed addressing in LDR"},
		{"register array", arm("uint8_t 0:X1[4];", " NOP | ;\n"), ReasonArray, "t.litmus:2:15: unsupported: array location 0:X1"},
		{"pointer into cells", arm("uint64_t y; 0:X1=x; 0:X2=y;", " STR X1,[X2] | ;\n STR W1,[X2,#4] | ;\n"), ReasonMixedSize,
			"t.litmus:4:2: unsupported: a pointer stored into a location cut into cells"},
		{"pointer in cells", arm("uint64_t y=x; 0:X2=y;", " LDR W1,[X2,#4] | ;\n"), ReasonMixedSize,
			"t.litmus:2:12: unsupported: a pointer in location y, which is cut into cells"},
		{"RISC-V byte", "RISCV t\n{ 0:x5=x; }\n P0 ;\n lb x6,0(x5) ;\nexists (x=1)\n", ReasonMixedSize, "t.litmus:4:2: unsupported: lb"},
		{"RISC-V fence", "RISCV t\n{}\n P0 ;\n fence iorw,iorw ;\nexists (x=1)\n", ReasonInstruction, "t.litmus:4:2: unsupported: fence iorw,iorw"},
		{"PPC halfword", "PPC t\n{ 0:r2=x; }\n P0 ;\n lhz r1,0(r2) ;\nexists (x=1)\n", ReasonMixedSize, "t.litmus:4:2: unsupported: lhz"},
		{"PPC offset", "PPC t\n{ 0:r2=x; }\n P0 ;\n lwz r1,4(r2) ;\nexists (x=1)\n", ReasonOffset, "t.litmus:4:2: unsupported: address offset 4"},
		{"no condition", "RISCV t\n{}\n P0 ;\n nop ;\n", ReasonNoCondition, "t.litmus:5:1: unsupported: the test has no final condition"},
		{"C loop", "C t\n{}\nP0(int *x) { while (1) ; }\nexists (x=1)\n", ReasonLoop, "t.litmus:3:14: unsupported: while loops"},
		{"C unsequenced", "C t\n{}\nP0(int *x, int *y) { int r = *x + *y; }\nexists (x=1)\n", ReasonUnsequenced, "t.litmus:3:28: unsupported: 2 memory accesses"},
		{"C array", "C t\n{ int x[2]; }\nP0(int *x) { *x = 1; }\nexists (x=1)\n", ReasonArray, "t.litmus:2:8: unsupported: array location x"},
	}
	for _, c := range cases {
		_, err := Parse("t.litmus", []byte(c.src))
		u, ok := IsUnsupported(err)
		if !ok {
			t.Errorf("%s: %v, want unsupported", c.name, err)
			continue
		}
		if u.Reason != c.reason || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s:\n got %s (%s)\nwant %s (%s)", c.name, err, u.Reason, c.want, c.reason)
		}
	}
}
