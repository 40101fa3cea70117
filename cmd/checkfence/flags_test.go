package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRejectedFlags: meaningless flag values are usage errors (exit 2)
// naming the flag, not "no limit" or the default.
func TestRejectedFlags(t *testing.T) {
	run := func(flags ...string) []string {
		return append([]string{"run", "testdata/sb.lsl", "testdata/sb.tst"}, flags...)
	}
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"negative timeout", run("--timeout", "-5s"), "--timeout -5s: must not be negative"},
		{"max-unroll 0", run("--max-unroll", "0"), "--max-unroll 0: must be between 1 and 1000000"},
		{"max-unroll -1", run("--max-unroll", "-1"), "--max-unroll -1: must be between 1"},
		{"max-threads 0", run("--max-threads", "0"), "--max-threads 0: must be between 1 and 1000"},
		{"max-unroll huge", run("--max-unroll", "2000000000"), "--max-unroll 2000000000: must be between 1"},
		{"max-memory inf", run("--max-memory", "inf"), `--max-memory "inf": bad size`},
		{"max-memory NaN", run("--max-memory", "NaN"), `--max-memory "NaN": bad size`},
		{"max-memory tiny", run("--max-memory", "1e-300"), `--max-memory "1e-300": size too small (at least 64M)`},
		{"max-memory overflow", run("--max-memory", "1e30"), `--max-memory "1e30": size too large`},
		{"quiet and verbose", run("-q", "-v"), "-q (--quiet) and -v (--verbose) contradict each other"},
		{"mine quiet and verbose", []string{"mine", "testdata/sb.lsl", "testdata/sb.tst", "-q", "-v"}, "contradict"},
		{"fences max-unroll 0", []string{"fences", "testdata/sb.lsl", "testdata/sb.tst", "--max-unroll", "0"}, "--max-unroll 0"},
		{"two test files", []string{"run", "testdata/sb.lsl", "testdata/sb.tst", "testdata/sb.tst"},
			"testdata/sb.tst is given twice"},
		{"test file first", []string{"run", "testdata/sb.tst", "testdata/sb.lsl"}, "the test file testdata/sb.tst must come after the implementation files"},
		{"litmus jobs", []string{"litmus", "testdata/bad.litmus", "-j", "100000000"}, "--jobs 100000000: must be between 1 and 256"},
		{"litmus negative jobs", []string{"litmus", "testdata/bad.litmus", "-j", "-1"}, "--jobs -1"},
		{"litmus negative timeout", []string{"litmus", "testdata/bad.litmus", "--timeout", "-1s"}, "--timeout -1s: must not be negative"},
	}
	for _, c := range cases {
		code, out, errs := runCLI(c.args...)
		if code != exitUsage {
			t.Errorf("%s: exit %d, want %d (stderr %q)", c.name, code, exitUsage, errs)
		}
		if !strings.Contains(errs, c.want) {
			t.Errorf("%s: stderr %q does not contain %q", c.name, errs, c.want)
		}
		if out != "" {
			t.Errorf("%s: something ran: %q", c.name, out)
		}
	}
}

// TestInputMessages: the bad inputs of issue 15, each one error at its
// position (exit 2).
func TestInputMessages(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tst := write("w.tst", "test A = ( w )\n")
	empty := write("empty.tst", "// no tests here\n")
	sbNoRy := write("spec.lsl", "global X\nglobal Y\nproc wx() { store @X, 1 }\nproc wy() { store @Y, 1 }\nproc rx() { %r := load @X }\n")
	vacuous := write("vac.mm", strings.Replace(mustReadFile(t, "../../axioms/models/sc.mm"), "require\n", "require\n<no> ~(X = X)\n", 1))
	zero := filepath.Join(dir, "zero.c")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"empty test file", []string{"run", "testdata/sb.lsl", empty}, empty + ":1:1: no tests in this file"},
		{"double decrement", []string{"run", write("dec.c", "int x;\nvoid w(void) {\n  x = --1;\n}\n"), tst},
			"dec.c:3:7: the operand of -- must be a variable, not the constant 1"},
		{"huge literal", []string{"run", write("lit.c", "int x;\nvoid w(void) { x = 99999999999999999999; }\n"), tst},
			"lit.c:2:20: integer constant 99999999999999999999 is too large"},
		{"_Atomic pointer target", []string{"run", write("at.c", "_Atomic int *x;\nvoid w(void) { *x = 1; }\n"), tst},
			"at.c:1:13: unsupported: _Atomic on a pointer's target or an array's elements in the C front end"},
		{"include a directory", []string{"run", write("inc.c", "#include \""+dir+"\"\nvoid w(void) {}\n"), tst},
			"inc.c:1:10: cannot #include \"" + dir + "\": is a directory, not a file"},
		{"device as a source", []string{"run", zero, tst}, zero + ":1:1: not a regular file (a device)"},
		{"spec lacks an operation", []string{"run", "testdata/sb.lsl", "testdata/sb.tst", "--spec", sbNoRy},
			"testdata/sb.tst:1:16: unknown operation ry in the reference implementation " + sbNoRy + " (--spec)"},
		{"vacuous model", []string{"run", "testdata/sb.lsl", "testdata/sb.tst", "--model", vacuous},
			vacuous + ":3:1: model sc admits no execution of a trivial program"},
		{"vacuous model (models)", []string{"models", vacuous}, "admits no execution"},
		{"vacuous model (litmus)", []string{"litmus", "testdata/bad.litmus", "--model", vacuous}, "admits no execution"},
		{"litmus jump", []string{"litmus", write("j.litmus", "X86 J\n{ x=0; }\n P0 ;\n L0: JMP L0 ;\nexists (x=0)\n")},
			"j.litmus:4:2: labels are not supported (L0: JMP L0)"},
		{"LLVM undefined value", []string{"run", write("u.ll", "@X = global i32 0\ndefine void @w() {\n  store i32 %nope, i32* @X\n  ret void\n}\n"), tst},
			"u.ll:3:1: cannot parse LLVM IR: %nope is used but never defined in @w"},
		{"html into a file", []string{"run", "testdata/sb.lsl", "testdata/sb.tst", "--html", "testdata/sb.lsl"},
			"--html testdata/sb.lsl: not a directory"},
		{"html into /dev/null", []string{"run", "testdata/sb.lsl", "testdata/sb.tst", "--html", "/dev/null"}, "--html /dev/null: not a directory"},
		{"html below a file", []string{"run", "testdata/sb.lsl", "testdata/sb.tst", "--html", "testdata/sb.lsl/out"},
			"--html testdata/sb.lsl/out: not a directory"},
	}
	for _, c := range cases {
		code, out, errs := runCLI(c.args...)
		if code != exitUsage {
			t.Errorf("%s: exit %d, want %d (stderr %q)", c.name, code, exitUsage, errs)
		}
		if !strings.Contains(errs, c.want) {
			t.Errorf("%s: stderr %q does not contain %q", c.name, errs, c.want)
		}
		if strings.Count(strings.TrimSpace(errs), "\n") > 0 {
			t.Errorf("%s: more than one line on stderr:\n%s", c.name, errs)
		}
		if strings.Contains(out, "verdict") {
			t.Errorf("%s: checks ran before the error:\n%s", c.name, out)
		}
	}
}

// TestHTMLOverwriteNotice: writing over another run's index.html is done,
// and said.
func TestHTMLOverwriteNotice(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("<p>an earlier run</p>"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runCLI("run", "testdata/sb.lsl", "testdata/sb.tst", "--model", "sc", "--html", dir)
	if code != exitPass || !strings.Contains(errs, "overwrote "+filepath.Join(dir, "index.html")) {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "index.html")); strings.Contains(string(b), "an earlier run") {
		t.Error("index.html was not rewritten")
	}
}

func mustReadFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
