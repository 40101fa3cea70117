package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/checkfence/checkfence/tests/adversarial"
)

// The limits of issue 15, checked on the built binary: every input shape
// that used to hang or crash ends with the expected exit status and
// message, within the wall time the limits allow and within 10% of
// --max-memory, and never prints a Go crash dump.

// binary is the checkfence binary built by TestMain ("" when the build
// failed; the tests that need it then fail).
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "checkfence-cli-")
	if err == nil {
		bin := filepath.Join(dir, "checkfence")
		if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "building checkfence: %v\n%s", err, out)
		} else {
			binary = bin
		}
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

const (
	cliTimeout   = time.Second
	cliMaxMemory = 300 << 20
	// the front end and the test each get the timeout; the process must
	// end within a second after
	cliWall = 2*cliTimeout + time.Second
)

var cliLimits = []string{"--timeout", "1s", "--max-memory", "300M"}

var crashDump = regexp.MustCompile(`goroutine \d+ \[|fatal error:|panic:|SIGSEGV`)

type limitCase struct {
	name      string
	files     map[string]string
	setup     func(dir string) error
	args      []string
	exits     []int  // acceptable exit statuses
	want      string // regexp on stdout+stderr
	interrupt time.Duration
	wall      time.Duration // default cliWall
	// limits replace cliLimits; memory is their --max-memory in bytes
	limits []string
	memory int64
}

func TestLimitsCLI(t *testing.T) {
	if binary == "" {
		t.Fatal("no binary (see the build error above)")
	}
	if testing.Short() {
		t.Skip("runs the binary on hostile input for a few seconds each")
	}
	comma := strings.TrimSuffix(strings.Repeat("x, ", 20000), ", ")
	threads100 := "test A = ( " + strings.TrimSuffix(strings.Repeat("wx ry | ", 50)+strings.Repeat("wy rx | ", 50), "| ") + ")\n"
	var bomb, structs strings.Builder
	bomb.WriteString("#define A0 x\n")
	for i := 1; i <= 30; i++ {
		fmt.Fprintf(&bomb, "#define A%d A%d A%d\n", i, i-1, i-1)
	}
	bomb.WriteString("int x;\nvoid w(void) { A30; }\n")
	structs.WriteString("struct s0 { int a; };\n")
	for i := 1; i < 3000; i++ {
		fmt.Fprintf(&structs, "struct s%d { struct s%d in; int a; };\n", i, i-1)
	}
	structs.WriteString("struct s2999 g;\nvoid w(void) { g.a = 1; }\n")
	const protos = "#include <lsl_protos.h>\n"
	one := "test A = ( w )\n"
	inconclusive := `INCONCLUSIVE[\s\S]*(within 1s \(|--max-memory)`
	cases := []limitCase{
		{name: "nondet over all ints", files: map[string]string{"a.c": protos + "int X;\nvoid w(void) { int v = lsl_nondet(-2147483647, 2147483647); lsl_observe_output(\"v\", v); X = v; }\n", "t.tst": one},
			args: []string{"run", "a.c", "t.tst"}, exits: []int{3}, want: inconclusive + `[\s\S]*in mining`},
		{name: "mine nondet over all ints", files: map[string]string{"a.c": protos + "void w(void) { int v = lsl_nondet(-2147483647, 2147483647); lsl_observe_output(\"v\", v); }\n", "t.tst": one},
			args: []string{"mine", "a.c", "t.tst"}, exits: []int{3}, want: `INCONCLUSIVE: no answer within 1s`},
		{name: "choose up to 2^63", files: map[string]string{"a.lsl": "proc w() { %r := choose 0 .. 9223372036854775807\nobserve output \"r\" %r }\n", "t.tst": one},
			args: []string{"run", "a.lsl", "t.tst"}, exits: []int{3}, want: inconclusive},
		{name: "comma expression of 20000 operands", files: map[string]string{"a.c": "int x;\nvoid w(void) { x = (" + comma + "); }\n", "t.tst": one},
			args: []string{"run", "a.c", "t.tst"}, exits: []int{0, 3}, want: `PASS|` + inconclusive},
		{name: "10000 nested ifs", files: map[string]string{"a.c": "int x;\nvoid w(void) {\n" + strings.Repeat("if (x) ", 10000) + "x = 1;\n}\n", "t.tst": one},
			args: []string{"run", "a.c", "t.tst"}, exits: []int{0, 3}, want: `PASS|` + inconclusive},
		{name: "3000 nested struct types", files: map[string]string{"a.c": structs.String(), "t.tst": one},
			args: []string{"run", "a.c", "t.tst"}, exits: []int{0, 3}, want: `PASS|` + inconclusive},
		{name: "file that includes itself", files: map[string]string{"a.c": "#include \"a.c\"\nvoid w(void) {}\n", "t.tst": one},
			args: []string{"run", "a.c", "t.tst"}, exits: []int{2}, want: `^a\.c:1:10: #include "a\.c" includes itself without an include guard`},
		{name: "macro expanding to 2^30 tokens", files: map[string]string{"a.c": bomb.String(), "t.tst": one},
			args: []string{"run", "a.c", "t.tst"}, exits: []int{2}, want: `^a\.c:33:16: macro A30 expands to more than 2\^30 tokens`},
		{name: "100 threads", files: map[string]string{"a.lsl": sbSource, "t.tst": threads100},
			args: []string{"run", "a.lsl", "t.tst"}, exits: []int{3}, want: inconclusive},
		{name: "100 threads, Ctrl-C", files: map[string]string{"a.lsl": sbSource, "t.tst": threads100},
			args: []string{"run", "a.lsl", "t.tst"}, exits: []int{130}, want: `A +INCONCLUSIVE[\s\S]*interrupted`,
			interrupt: time.Second, wall: 2 * time.Second},
		{name: "loop forever", files: map[string]string{"a.c": "int x;\nvoid w(void) { while (1) x = x + 1; }\n", "t.tst": one},
			args: []string{"run", "a.c", "t.tst"}, exits: []int{3}, want: `INCONCLUSIVE`},
		{name: "unbounded recursion", files: map[string]string{"a.c": "int x;\nvoid r(void) { x = x + 1; r(); }\nvoid w(void) { r(); }\n", "t.tst": one},
			args: []string{"run", "a.c", "t.tst"}, exits: []int{3}, want: `INCONCLUSIVE`},
		{name: "litmus with 300 threads", files: map[string]string{"a.litmus": wideX86(300)},
			args: []string{"litmus", "a.litmus"}, exits: []int{3}, want: `no answer within (1s|300 MiB \(--max-memory\))`},
		{name: "litmus with 300 threads, 100M", files: map[string]string{"a.litmus": wideX86(300)},
			args: []string{"litmus", "a.litmus"}, exits: []int{3}, want: `1 tests, 1 over the memory limit\n[\s\S]*a\.litmus: W: no answer within 100 MiB \(--max-memory\)`,
			limits: []string{"--max-memory", "100M"}, memory: 100 << 20, wall: 5 * time.Second},
		{name: "source links to /dev/zero", files: map[string]string{"t.tst": one}, setup: linkTo("/dev/zero", "a.c"),
			args: []string{"run", "a.c", "t.tst"}, exits: []int{2}, want: `^a\.c:1:1: not a regular file \(a device\)`},
		{name: "source links to /dev/urandom", files: map[string]string{"t.tst": one}, setup: linkTo("/dev/urandom", "a.lsl"),
			args: []string{"run", "a.lsl", "t.tst"}, exits: []int{2}, want: `^a\.lsl:1:1: not a regular file \(a device\)`},
		{name: "source of 17 MiB", files: map[string]string{"t.tst": one}, setup: sparseFile("a.c", 17<<20),
			args: []string{"run", "a.c", "t.tst"}, exits: []int{2}, want: `^a\.c:1:1: file too large \(17 MiB; input files are limited to 16 MiB\)`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { runLimitCase(t, c) })
	}
}

func runLimitCase(t *testing.T, c limitCase) {
	dir := t.TempDir()
	for name, text := range c.files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if c.setup != nil {
		if err := c.setup(dir); err != nil {
			t.Fatal(err)
		}
	}
	args := c.args
	limits, memory := cliLimits, int64(cliMaxMemory)
	if c.limits != nil {
		limits, memory = c.limits, c.memory
	}
	if c.interrupt == 0 {
		args = append(append([]string(nil), args...), limits...)
	}
	wall := c.wall
	if wall == 0 {
		wall = cliWall
	}
	// on an oversubscribed machine the process gets a fraction of a core
	wall = time.Duration(float64(wall) * adversarial.LoadSlack())
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if c.interrupt > 0 {
		time.AfterFunc(c.interrupt, func() { cmd.Process.Signal(os.Interrupt) })
	}
	// a hung binary is killed well after the limit (the test fails anyway)
	kill := time.AfterFunc(wall+20*time.Second, func() { cmd.Process.Kill() })
	cmd.Wait()
	kill.Stop()
	elapsed := time.Since(start)
	all := out.String() + errb.String()
	code := cmd.ProcessState.ExitCode()
	if !slices.Contains(c.exits, code) {
		t.Errorf("exit %d, want one of %v\n%s", code, c.exits, clipText(all))
	}
	if !regexp.MustCompile(c.want).MatchString(all) && !regexp.MustCompile(c.want).MatchString(errb.String()) {
		t.Errorf("output lacks /%s/:\n%s", c.want, clipText(all))
	}
	if m := crashDump.FindString(all); m != "" {
		t.Errorf("crash dump (%q):\n%s", m, clipText(all))
	}
	if elapsed > wall {
		t.Errorf("took %v, more than %v", elapsed.Round(time.Millisecond), wall)
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok && c.interrupt == 0 && slices.Contains(args, "--max-memory") {
		if peak := ru.Maxrss << 10; peak > memory+memory/10 {
			t.Errorf("peak RSS %d MiB, more than 110%% of --max-memory %d MiB", peak>>20, memory>>20)
		}
	}
}

func clipText(s string) string {
	if len(s) > 2000 {
		return s[:2000] + "…"
	}
	return s
}

func linkTo(target, name string) func(string) error {
	return func(dir string) error { return os.Symlink(target, filepath.Join(dir, name)) }
}

func sparseFile(name string, size int64) func(string) error {
	return func(dir string) error {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			return err
		}
		defer f.Close()
		return f.Truncate(size)
	}
}

// wideX86 is an X86 litmus test of n threads.
func wideX86(n int) string {
	var head, row1, row2 []string
	for i := 0; i < n; i++ {
		head = append(head, fmt.Sprintf("P%d", i))
		row1 = append(row1, "MOV [x],$1")
		row2 = append(row2, "MOV EAX,[y]")
	}
	return "X86 W\n{ x=0; y=0; }\n" + strings.Join(head, " | ") + " ;\n" + strings.Join(row1, " | ") + " ;\n" +
		strings.Join(row2, " | ") + " ;\nexists (x=1)\n"
}

// sbSource is testdata/sb.lsl's store buffering program.
const sbSource = `global X
global Y
proc wx() { observe label "wx"  store @X, 1 }
proc wy() { observe label "wy"  store @Y, 1 }
proc rx() { observe label "rx"  %r := load @X  observe output "r" %r }
proc ry() { observe label "ry"  %r := load @Y  observe output "r" %r }
`
