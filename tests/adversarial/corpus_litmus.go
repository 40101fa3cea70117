package adversarial

import (
	"fmt"
	"strings"
)

// x86Litmus builds an X86 test from rows of two columns.
func x86Litmus(rows, cond string) string {
	return "X86 T\n{ x=0; y=0; }\n P0          | P1          ;\n" + rows + cond + "\n"
}

// litmusCases are malformed and hostile litmus tests and runner flags.
func litmusCases() []*Case {
	ok := sbLitmus
	return []*Case{
		litmusRun("valid", ok, verdict(0, "Ok|No")),
		litmusRun("jump to a label", x86Litmus(" L0: JMP L0 | MOV [y],$1 ;\n", "exists (x=0)"), inputErrAt("a.litmus", 4, "JMP")),
		litmusRun("conditional jump", x86Litmus(" CMP EAX,$1 | MOV [y],$1 ;\n JNE L1      | MOV [x],$1 ;\n", "exists (x=0)"), inputErrAt("a.litmus", 4, "CMP")),
		litmusRun("unknown instruction", x86Litmus(" FROB [x],$1 | MOV [y],$1 ;\n", "exists (x=0)"), inputErrAt("a.litmus", 4, "FROB")),
		litmusRun("memory to memory", x86Litmus(" MOV [x],[y] | MOV [y],$1 ;\n", "exists (x=0)"), inputErrAt("a.litmus", 4, "")),
		litmusRun("unknown register", x86Litmus(" MOV QQQ,$1 | MOV [y],$1 ;\n", "exists (x=0)"), inputErrAt("a.litmus", 4, "QQQ")),
		litmusRun("too many columns", x86Litmus(" MOV [x],$1 | MOV [y],$1 | MOV [y],$2 ;\n", "exists (x=0)"), inputErrAt("a.litmus", 4, "")),
		litmusRun("missing row terminator", x86Litmus(" MOV [x],$1 | MOV [y],$1\n", "exists (x=0)"), inputErr("a.litmus")),
		litmusRun("no condition", x86Litmus(" MOV [x],$1 | MOV [y],$1 ;\n", ""), inputErr("a.litmus")),
		litmusRun("bad condition", x86Litmus(" MOV [x],$1 | MOV [y],$1 ;\n", "exists (x=)"), inputErrAt("a.litmus", 5, "")),
		litmusRun("condition on unknown thread", x86Litmus(" MOV [x],$1 | MOV [y],$1 ;\n", "exists (7:EAX=1)"), inputErrAt("a.litmus", 5, "")),
		litmusRun("empty file", "", inputErr("a.litmus")),
		litmusRun("unknown architecture", "ARM T\n{ }\n P0 ;\n MOV R0,#1 ;\nexists (x=0)\n", inputErrAt("a.litmus", 1, "ARM")),
		litmusRun("NUL bytes", "X86 T\n\x00\x00\n", inputErr("a.litmus")),
		litmusRun("invalid UTF-8", x86Litmus(" MOV [x],$1 | \xff\xfe ;\n", "exists (x=0)"), inputErr("a.litmus")),
		litmusRun("deeply nested condition", x86Litmus(" MOV [x],$1 | MOV [y],$1 ;\n", "exists "+strings.Repeat("(", 3000)+"x=1"+strings.Repeat(")", 3000)), inputErrAt("a.litmus", 5, "nested")),
		litmusRun("nested condition", x86Litmus(" MOV [x],$1 | MOV [y],$1 ;\n", "exists "+strings.Repeat("(", 100)+"x=1"+strings.Repeat(")", 100)), verdict(0, "Ok|No")),
		litmusRun("litmus 100 threads", wideLitmus(100), Want{Exit: 0, OrExit: []int{3}, Msg: "Ok|No|timed out", Limit: limitWall, MaxMemory: smallMemory}, "--timeout", "2s"),
		litmusRun("C loop forever", "C T\n{ x = 0; }\nP0(atomic_int *x)\n{\n\twhile (1) { atomic_store(x, 1); }\n}\nexists (x=1)\n", Want{Exit: 0, OrExit: []int{2, 3}, Msg: "a.litmus:|Ok|No|timed out", Limit: limitWall}, "--timeout", "2s"),
		litmusRun("C syntax error", "C T\n{ x = 0; }\nP0(atomic_int *x)\n{\n\tatomic_store(x 1);\n}\nexists (x=1)\n", inputErrAt("a.litmus", 5, "")),
		litmusRun("C unknown function", "C T\n{ x = 0; }\nP0(atomic_int *x)\n{\n\tfrob(x);\n}\nexists (x=1)\n", inputErrAt("a.litmus", 5, "frob")),
		litmusRun("jobs 100000000", ok, usageErr("--jobs"), "-j", "100000000"),
		litmusRun("jobs -1", ok, usageErr("--jobs"), "-j", "-1"),
		litmusRun("negative timeout", ok, usageErr("--timeout"), "--timeout", "-5s"),
		{Name: "bad expect file", Category: "litmus", Files: map[string]string{"a.litmus": ok, "e.csv": "no comma here\n"},
			Args: []string{"litmus", "a.litmus", "--expect", "e.csv"}, Want: inputErrAt("e.csv", 1, "")},
		&Case{Name: "expect file is /dev/zero", Category: "litmus", Files: map[string]string{"a.litmus": ok}, Setup: symlink("/dev/zero", "e.csv"),
			Args: []string{"litmus", "a.litmus", "--expect", "e.csv"}, Want: inputErrAt("e.csv", 1, "not a regular file")},
		&Case{Name: "litmus file links to /dev/zero", Category: "litmus", Setup: symlink("/dev/zero", "a.litmus"),
			Args: []string{"litmus", "a.litmus"}, Want: inputErrAt("a.litmus", 1, "not a regular file")},
		&Case{Name: "litmus file is a FIFO", Category: "litmus", Setup: mkfifo("a.litmus"),
			Args: []string{"litmus", "a.litmus"}, Want: inputErrAt("a.litmus", 1, "not a regular file")},
		&Case{Name: "litmus file of 17 MiB", Category: "litmus", Setup: bigText("a.litmus", "(* padding padding padding padding *)\n", 17<<20),
			Args: []string{"litmus", "a.litmus"}, Want: inputErrAt("a.litmus", 1, "(too large|MiB)")},
		&Case{Name: "directory without tests", Category: "litmus", Setup: mkdir("d"),
			Args: []string{"litmus", "d"}, Want: usageErr("no .litmus files")},
		&Case{Name: "missing litmus file", Category: "litmus",
			Args: []string{"litmus", "a.litmus"}, Want: inputErrAt("a.litmus", 1, "")},
		&Case{Name: "lsl output of a bad test", Category: "litmus", Files: map[string]string{"a.litmus": x86Litmus(" FROB [x],$1 | MOV [y],$1 ;\n", "exists (x=0)")},
			Args: []string{"litmus", "--lsl", "a.litmus"}, Want: inputErrAt("a.litmus", 4, "FROB")},
	}
}

// wideLitmus has n threads each storing to x and loading y.
func wideLitmus(n int) string {
	var head, row1, row2 []string
	for i := 0; i < n; i++ {
		head = append(head, fmt.Sprintf("P%d", i))
		row1 = append(row1, "MOV [x],$1")
		row2 = append(row2, "MOV EAX,[y]")
	}
	return "X86 W\n{ x=0; y=0; }\n" + strings.Join(head, " | ") + " ;\n" + strings.Join(row1, " | ") + " ;\n" +
		strings.Join(row2, " | ") + " ;\nexists (x=1)\n"
}
