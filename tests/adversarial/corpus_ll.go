package adversarial

import (
	"fmt"
	"strings"
)

// llModule wraps function definitions into a module with a global @X.
func llModule(funcs string) string {
	return "target triple = \"x86_64-pc-linux-gnu\"\n\n@X = dso_local global i32 0, align 4\n\n" + funcs
}

// llW is an operation w with the given body lines (line 5 is the first).
func llW(body ...string) string {
	return llModule("define dso_local void @w() {\n" + strings.Join(body, "\n") + "\n}\n")
}

// llCases are malformed and hostile LLVM IR files.
func llCases() []*Case {
	return []*Case{
		llRun("valid", llW("  store i32 1, i32* @X, align 4", "  ret void"), verdict(0, "PASS")),
		llRun("undefined value", llW("  store i32 %nope, i32* @X, align 4", "  ret void"), inputErrAt("a.ll", 6, "nope")),
		llRun("undefined global", llW("  store i32 1, i32* @Nope, align 4", "  ret void"), inputErrAt("a.ll", 6, "Nope")),
		llRun("missing terminator", llW("  store i32 1, i32* @X, align 4"), inputErrAt("a.ll", 7, "terminator")),
		llRun("undefined label", llW("  br label %nowhere"), inputErrAt("a.ll", 6, "nowhere")),
		llRun("type mismatch", llW("  store i64 1, i32* @X, align 4", "  ret void"), inputErr("a.ll")),
		llRun("opaque pointers", llModule("define void @w() {\n  store i32 1, ptr @X, align 4\n  ret void\n}\n"), verdict(0, "PASS")),
		llRun("opaque pointers, undefined value", llW("  store ptr %nope, ptr @X, align 4", "  ret void"), inputErrAt("a.ll", 6, "nope")),
		llRun("opaque pointers, truncated", llW("  store i32 1, ptr getelementptr (i8, ptr @X"), inputErrAt("a.ll", 6, "incomplete")),
		llRun("garbage", "this is not LLVM IR\n", inputErrAt("a.ll", 1, "")),
		llRun("empty file", "", inputErrAt("t.tst", 1, "unknown operation w")),
		llRun("floating point", llModule("@F = global float 0.0\ndefine void @w() {\n  store float 1.0, float* @F\n  ret void\n}\n"), inputErr("a.ll")),
		// a call through a pointer to a function of the module is a call of
		// it (here, recursion without end: a bound); through a pointer to no
		// function, an error at the call
		llRun("recursive call through a function pointer", llModule("define void @w() {\n  %f = bitcast void ()* @w to void ()*\n  call void %f()\n  ret void\n}\n"),
			Want{Exit: 3, Msg: `INCONCLUSIVE[\s\S]*recursion of w in w needs more than`}),
		llRun("call through a null function pointer", llModule("@P = global void ()* null\n\ndefine void @w() {\n  %f = load void ()*, void ()** @P\n  call void %f()\n  ret void\n}\n"),
			inputErrAt("a.ll", 9, "function pointer")),
		llRun("unsupported instruction", llW("  %v = load i32, i32* @X", "  %f = sitofp i32 %v to double", "  ret void"), inputErrAt("a.ll", 7, "")),
		// A loop that repeats its state is a livelock (fair progress proves it never exits);
		// one whose state keeps changing can only run into a limit.
		llRun("infinite loop", llW("  br label %l", "l:", "  store i32 1, i32* @X", "  br label %l"),
			Want{Exit: 1, Msg: `livelock`, MaxMemory: smallMemory}, limitFlags...),
		llRun("infinite counting loop", llW("  br label %l", "l:", "  %v = load i32, i32* @X", "  %n = add i32 %v, 1", "  store i32 %n, i32* @X", "  br label %l"),
			Want{Exit: 3, Msg: `INCONCLUSIVE`, Limit: limitWall, MaxMemory: smallMemory}, limitFlags...),
		llRun("unbounded recursion", llModule("define void @w() {\n  store i32 1, i32* @X\n  call void @w()\n  ret void\n}\n"),
			Want{Exit: 3, Msg: `INCONCLUSIVE`, Limit: limitWall, MaxMemory: smallMemory}, limitFlags...),
		llRun("huge global array", llModule("@A = global [1000000000 x i32] zeroinitializer\ndefine void @w() {\n  %p = getelementptr [1000000000 x i32], [1000000000 x i32]* @A, i64 0, i64 5\n  store i32 1, i32* %p\n  ret void\n}\n"), inputErrAt("a.ll", 5, "too large")),
		llRun("unterminated string", llModule("@s = constant [3 x i8] c\"ab\n"), inputErr("a.ll")),
		llRun("NUL bytes", llW("  ret void")+"\x00\x00\n", inputErr("a.ll")),
		llRun("deep nested types", llModule("@A = global "+strings.Repeat("[1 x ", 2000)+"i32"+strings.Repeat("]", 2000)+" zeroinitializer\ndefine void @w() {\n  ret void\n}\n"), verdict(0, "PASS")),
		llRun("self-containing struct", strings.Replace(llW("  ret void"), "\n\n", "\n%s = type { i32, %s }\n", 1), inputErrAt("a.ll", 2, "contains itself")),
		llRun("duplicate definition", llW("  ret void")+"define void @w() {\n  ret void\n}\n", inputErr("a.ll")),
		llRun("many blocks", llW(manyBlocks(3000)...), answerOrLimit(), limitFlags...),
		llRun("3000 chained branches", llW(chainedBranches(3000)...), answerOrLimit(), limitFlags...),
		&Case{Name: "IR file links to /dev/zero", Category: "ll", Files: map[string]string{"t.tst": oneOpTest}, Setup: symlink("/dev/zero", "a.ll"),
			Args: []string{"run", "a.ll", "t.tst"}, Want: inputErrAt("a.ll", 1, "not a regular file")},
		&Case{Name: "IR file is a directory", Category: "ll", Files: map[string]string{"t.tst": oneOpTest}, Setup: mkdir("a.ll"),
			Args: []string{"run", "a.ll", "t.tst"}, Want: inputErrAt("a.ll", 1, "directory")},
		&Case{Name: "IR file of 17 MiB", Category: "ll", Files: map[string]string{"t.tst": oneOpTest}, Setup: bigText("a.ll", "; padding padding padding padding\n", 17<<20),
			Args: []string{"run", "a.ll", "t.tst"}, Want: inputErrAt("a.ll", 1, "(too large|MiB)")},
	}
}

// manyBlocks is a chain of n basic blocks, each storing to @X.
func manyBlocks(n int) []string {
	var out []string
	out = append(out, "  br label %b0")
	for i := 0; i < n; i++ {
		out = append(out, fmt.Sprintf("b%d:", i), fmt.Sprintf("  store i32 %d, i32* @X", i), fmt.Sprintf("  br label %%b%d", i+1))
	}
	out = append(out, fmt.Sprintf("b%d:", n), "  ret void")
	return out
}

// chainedBranches is a chain of n conditional branches that all may leave
// to one exit block.
func chainedBranches(n int) []string {
	out := []string{"  %v = load i32, i32* @X", "  %c = icmp eq i32 %v, 0", "  br label %b0"}
	for i := 0; i < n; i++ {
		out = append(out, fmt.Sprintf("b%d:", i), fmt.Sprintf("  br i1 %%c, label %%b%d, label %%end", i+1))
	}
	return append(out, fmt.Sprintf("b%d:", n), "  store i32 1, i32* @X", "  br label %end", "end:", "  ret void")
}
