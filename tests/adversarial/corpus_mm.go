package adversarial

import (
	"fmt"
	"strings"
)

// mmHead is the start of a model: the predefined symbols and the memory
// order.
const mmHead = `model m
predefined
set instruction
predicate access(instruction)
predicate load(access)
predicate store(access)
relation program_order(instruction, instruction)
relation aliased(access, access)
relation seed(load, store)
predicate has_seed(load)
exists
relation memory_order(access, access)
forall
L : load
S, S' : store
X, Y, Z : access
require
`

// scAxioms make mmHead sequentially consistent.
const scAxioms = `<T1> memory_order(X, Y) & memory_order(Y, Z) => memory_order(X, Z)
<T2> ~memory_order(X, X)
<T3> memory_order(X, Y) | memory_order(Y, X) | X = Y
<M1> program_order(X, Y) => memory_order(X, Y)
<v1> seed(L, S) => memory_order(S, L)
<v2> seed(L, S) & aliased(L, S') & memory_order(S', L) & ~(S = S') => memory_order(S', S)
<v3> aliased(L, S) & memory_order(S, L) => has_seed(L)
`

// mmCases are malformed and degenerate memory models.
func mmCases() []*Case {
	model := func(extra string) string { return mmHead + scAxioms + extra + "end model\n" }
	cs := []*Case{
		mmRun("valid model", model(""), verdict(0, "PASS")),
		mmRun("axiom false", model("<no> false\n"), inputErrAt("m.mm", 0, "")),
		mmRun("contradictory axioms", model("<a> X = X\n<b> ~(X = X)\n"), inputErrAt("m.mm", 0, "")),
		mmRun("no memory order for a store", model("<no> ~(S = S)\n"), inputErrAt("m.mm", 0, "")),
		mmRun("empty file", "", inputErr("m.mm")),
		mmRun("only comments", "// nothing\n", inputErr("m.mm")),
		mmRun("missing end", mmHead+scAxioms, inputErr("m.mm")),
		mmRun("unknown relation", model("<u> nosuch(X, Y)\n"), inputErrAt("m.mm", 25, "nosuch")),
		mmRun("wrong arity", model("<u> memory_order(X)\n"), inputErrAt("m.mm", 25, "")),
		mmRun("undeclared variable", model("<u> memory_order(X, Q)\n"), inputErrAt("m.mm", 25, "Q")),
		mmRun("duplicate label", model("<T1> memory_order(X, Y)\n"), inputErrAt("m.mm", 25, "")),
		mmRun("wrong predefined signature", strings.Replace(model(""), "relation seed(load, store)", "relation seed(store, load)", 1), inputErrAt("m.mm", 9, "")),
		mmRun("unknown predefined symbol", strings.Replace(model(""), "predicate has_seed(load)", "predicate frob(load)", 1), inputErrAt("m.mm", 10, "frob")),
		mmRun("syntax error in axiom", model("<u> memory_order(X, Y) &\n"), inputErr("m.mm")),
		mmRun("unbalanced parentheses", model("<u> (memory_order(X, Y)\n"), inputErr("m.mm")),
		mmRun("NUL bytes", model("\x00\x00\n"), inputErr("m.mm")),
		mmRun("invalid UTF-8", model("<u> \xff\xfe\n"), inputErr("m.mm")),
		mmRun("label without axiom", model("<u>\n"), inputErr("m.mm")),
		mmRun("relation of arity 8", wideModel(8), Want{Exit: 0, OrExit: []int{3}, Msg: "PASS|INCONCLUSIVE", Limit: limitWall, MaxMemory: smallMemory}),
		mmRun("axiom over 7 variables", quantModel(7), Want{Exit: 0, OrExit: []int{3}, Msg: "PASS|INCONCLUSIVE", Limit: limitWall, MaxMemory: smallMemory}),
		mmRun("deeply nested axiom", model("<u> "+strings.Repeat("~", 5000)+"(X = X)\n"), verdict(0, "PASS")),
		mmRun("deeply nested parentheses", model("<u> "+strings.Repeat("(", 3000)+"X = X"+strings.Repeat(")", 3000)+"\n"), verdict(0, "PASS")),
		mmRun("10000 axioms", model(manyAxioms(10000)), verdict(0, "PASS")),
		&Case{Name: "model file links to /dev/zero", Category: "mm", Files: map[string]string{"a.lsl": sbLSL, "t.tst": sbTst}, Setup: symlink("/dev/zero", "m.mm"),
			Args: []string{"run", "a.lsl", "t.tst", "--model", "m.mm"}, Want: inputErrAt("m.mm", 1, "not a regular file")},
		&Case{Name: "model file is a directory", Category: "mm", Files: map[string]string{"a.lsl": sbLSL, "t.tst": sbTst}, Setup: mkdir("m.mm"),
			Args: []string{"run", "a.lsl", "t.tst", "--model", "m.mm"}, Want: inputErrAt("m.mm", 1, "directory")},
		&Case{Name: "model file of 17 MiB", Category: "mm", Files: map[string]string{"a.lsl": sbLSL, "t.tst": sbTst}, Setup: bigText("m.mm", "// padding padding padding padding\n", 17<<20),
			Args: []string{"run", "a.lsl", "t.tst", "--model", "m.mm"}, Want: inputErrAt("m.mm", 1, "(too large|MiB)")},
		&Case{Name: "model file missing", Category: "mm", Files: map[string]string{"a.lsl": sbLSL, "t.tst": sbTst},
			Args: []string{"run", "a.lsl", "t.tst", "--model", "m.mm"}, Want: usageErr("m.mm")},
		&Case{Name: "models command on a vacuous model", Category: "mm", Files: map[string]string{"m.mm": model("<no> false\n")},
			Args: []string{"models", "m.mm"}, Want: inputErrAt("m.mm", 0, "")},
		&Case{Name: "models command on /dev/urandom", Category: "mm", Setup: symlink("/dev/urandom", "m.mm"),
			Args: []string{"models", "m.mm"}, Want: inputErrAt("m.mm", 1, "not a regular file")},
		&Case{Name: "litmus on a vacuous model", Category: "mm", Files: map[string]string{"m.mm": model("<no> false\n"), "a.litmus": sbLitmus},
			Args: []string{"litmus", "a.litmus", "--model", "m.mm"}, Want: inputErrAt("m.mm", 0, "")},
	}
	for _, c := range cs {
		// a vacuous model is reported at the model (line 0: any line)
		c.Want.Msg = strings.Replace(c.Want.Msg, `m\.mm:0:`, `m\.mm:\d+:`, 1)
	}
	return cs
}

// wideModel has an extra relation variable of the given arity, used once.
func wideModel(arity int) string {
	var params, args []string
	for i := 0; i < arity; i++ {
		params = append(params, "access")
		args = append(args, "X")
	}
	m := strings.Replace(mmHead, "relation memory_order(access, access)\n",
		"relation memory_order(access, access)\nrelation wide("+strings.Join(params, ", ")+")\n", 1)
	return m + scAxioms + "<w> wide(" + strings.Join(args, ", ") + ") | ~wide(" + strings.Join(args, ", ") + ")\nend model\n"
}

// quantModel has an axiom with n free access variables.
func quantModel(n int) string {
	var vars, atoms []string
	for i := 0; i < n; i++ {
		vars = append(vars, fmt.Sprintf("A%d", i))
	}
	for i := 0; i+1 < n; i++ {
		atoms = append(atoms, fmt.Sprintf("memory_order(A%d, A%d)", i, i+1))
	}
	m := strings.Replace(mmHead, "X, Y, Z : access\n", "X, Y, Z : access\n"+strings.Join(vars, ", ")+" : access\n", 1)
	return m + scAxioms + "<q> " + strings.Join(atoms, " & ") + " => memory_order(A0, A" + fmt.Sprint(n-1) + ") | A0 = A" + fmt.Sprint(n-1) + "\nend model\n"
}

func manyAxioms(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "<x%d> X = X\n", i)
	}
	return b.String()
}

// sbLitmus is a valid X86 litmus test.
const sbLitmus = `X86 SB
{ x=0; y=0; }
 P0          | P1          ;
 MOV [x],$1  | MOV [y],$1  ;
 MOV EAX,[y] | MOV EAX,[x] ;
exists (0:EAX=0 /\ 1:EAX=0)
`
