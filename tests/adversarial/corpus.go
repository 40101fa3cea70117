package adversarial

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"
)

// All returns the whole corpus.
func All() []*Case {
	var cs []*Case
	for _, part := range [][]*Case{cCases(), tstCases(), lslCases(), mmCases(), litmusCases(), llCases(), cliCases(), limitCases(),
		catCases(), securityCases(), roundTwoCases()} {
		cs = append(cs, part...)
	}
	return cs
}

// Expectations.

// inputErr: exit 2 with a message positioned in file (file:line:col:).
func inputErr(file string) Want {
	return Want{Exit: 2, Msg: `(?m)^` + regexp.QuoteMeta(file) + `:\d+:\d+: \S`}
}

// inputErrAt: exit 2, positioned at line of file, the message matching msg.
func inputErrAt(file string, line int, msg string) Want {
	return Want{Exit: 2, Msg: fmt.Sprintf(`(?m)^%s:%d:\d+: .*%s`, regexp.QuoteMeta(file), line, msg)}
}

// usageErr: exit 2, the message matching msg (flags and command lines have
// no file position).
func usageErr(msg string) Want { return Want{Exit: 2, Msg: msg} }

// verdict: a normal run with this exit status.
func verdict(exit int, msg string) Want { return Want{Exit: exit, Msg: msg} }

// Shapes of cases.

const oneOpTest = "test A = ( w )\n"

// cRun checks a C file a.c holding operation w with a one-operation test.
func cRun(name, src string, want Want, flags ...string) *Case {
	return &Case{Name: name, Category: "c", Files: map[string]string{"a.c": src, "t.tst": oneOpTest},
		Args: append([]string{"run", "a.c", "t.tst"}, flags...), Want: want}
}

// lslRun checks an LSL file a.lsl with the given test file text.
func lslRun(name, src, tst string, want Want, flags ...string) *Case {
	return &Case{Name: name, Category: "lsl", Files: map[string]string{"a.lsl": src, "t.tst": tst},
		Args: append([]string{"run", "a.lsl", "t.tst"}, flags...), Want: want}
}

// sbLSL is a valid store-buffering program: wx/ry | wy/rx.
const sbLSL = `global X
global Y
proc wx() { observe label "wx"  store @X, 1 }
proc wy() { observe label "wy"  store @Y, 1 }
proc rx() { observe label "rx"  %r := load @X  observe output "r" %r }
proc ry() { observe label "ry"  %r := load @Y  observe output "r" %r }
proc w() { observe label "w"  store @X, 1 }
`

const sbTst = "test SB = ( wx ry | wy rx )\n"

// tstRun checks sb.lsl with a test file t.tst.
func tstRun(name, tst string, want Want, flags ...string) *Case {
	return &Case{Name: name, Category: "tst", Files: map[string]string{"a.lsl": sbLSL, "t.tst": tst},
		Args: append([]string{"run", "a.lsl", "t.tst"}, flags...), Want: want}
}

// mmRun checks the SB test on the model in m.mm.
func mmRun(name, mm string, want Want) *Case {
	return &Case{Name: name, Category: "mm", Files: map[string]string{"a.lsl": sbLSL, "t.tst": sbTst, "m.mm": mm},
		Args: []string{"run", "a.lsl", "t.tst", "--model", "m.mm"}, Want: want}
}

// litmusRun runs one litmus file.
func litmusRun(name, src string, want Want, flags ...string) *Case {
	return &Case{Name: name, Category: "litmus", Files: map[string]string{"a.litmus": src},
		Args: append([]string{"litmus", "a.litmus"}, flags...), Want: want}
}

// llRun checks an LLVM IR file a.ll with a one-operation test.
func llRun(name, src string, want Want, flags ...string) *Case {
	return &Case{Name: name, Category: "ll", Files: map[string]string{"a.ll": src, "t.tst": oneOpTest},
		Args: append([]string{"run", "a.ll", "t.tst"}, flags...), Want: want}
}

// cliRun runs a command line on sb.lsl and sb.tst (a.lsl, t.tst).
func cliRun(name string, want Want, args ...string) *Case {
	return &Case{Name: name, Category: "cli", Files: map[string]string{"a.lsl": sbLSL, "t.tst": sbTst, "w.c": cOK},
		Args: args, Want: want}
}

// cOK is a valid C operation w.
const cOK = "#include <lsl_protos.h>\nint X;\nvoid w(void) { X = 1; }\n"

// Setups.

func symlink(target, name string) func(string) error {
	return func(dir string) error { return os.Symlink(target, filepath.Join(dir, name)) }
}

func mkfifo(name string) func(string) error {
	return func(dir string) error { return syscall.Mkfifo(filepath.Join(dir, name), 0o644) }
}

func writeFile(dir, name, text string) error {
	return os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644)
}

func mkdir(name string) func(string) error {
	return func(dir string) error { return os.Mkdir(filepath.Join(dir, name), 0o755) }
}

// sparse makes a file of size bytes of NULs without writing them.
func sparse(name string, size int64) func(string) error {
	return func(dir string) error {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			return err
		}
		defer f.Close()
		return f.Truncate(size)
	}
}

// bigText makes a file of size bytes of the repeated line.
func bigText(name, line string, size int) func(string) error {
	return func(dir string) error {
		return os.WriteFile(filepath.Join(dir, name), []byte(strings.Repeat(line, size/len(line)+1)), 0o644)
	}
}

// unreadable removes every permission of a file (skipped as root, who
// reads it anyway).
func unreadable(name string) func(string) error {
	return func(dir string) error {
		if os.Geteuid() == 0 {
			return errSkip
		}
		return os.Chmod(filepath.Join(dir, name), 0)
	}
}

// Limits of the limit cases: short, so the corpus stays fast.
const (
	shortTimeout = 2 * time.Second
	smallMemory  = 300 << 20
)

// limitFlags are --timeout 2s --max-memory 300M.
var limitFlags = []string{"--timeout", "2s", "--max-memory", "300M"}

// limitWall is how long a run with --timeout 2s may take: the front end
// and the test each get the timeout, and the process must end within a
// second after.
const limitWall = 2*shortTimeout + time.Second

// limitHit: INCONCLUSIVE (exit 3) naming the limit, within limitWall, the
// peak RSS within 10% of the memory limit.
func limitHit() Want {
	return Want{Exit: 3, Msg: `INCONCLUSIVE[\s\S]*(within 2s|--max-memory|--timeout)`, Limit: limitWall, MaxMemory: smallMemory}
}

// interruptWall is how long a run interrupted after a second may take.
const interruptWall = 2500 * time.Millisecond
