package adversarial

import (
	"fmt"
	"strings"
	"syscall"
	"time"
)

// catCases are hostile .cat models (issue 50): files that are devices,
// FIFOs or too large (the model or an include), include and expansion
// bombs, let rec definitions that are not monotone, vacuous models, and
// errors inside the bodies of built-in functions.
func catCases() []*Case {
	answer := Want{Exit: 1, OrExit: []int{0}, Msg: "PASS|FAIL"}
	vacuous := func(line int) Want {
		return inputErrAt("m.cat", line, "admits no execution .*PASS vacuously")
	}
	cs := []*Case{
		catRun("valid model", "acyclic po | rf | co | fr\n", verdict(0, "PASS")),
		catRun("model with a UTF-8 BOM", "\ufeffacyclic po | rf | co | fr\n", verdict(0, "PASS")),
		catLinked("model links to /dev/zero", symlink("/dev/zero", "m.cat"), inputErrAt("m.cat", 1, "not a regular file")),
		catLinked("model links to /dev/urandom", symlink("/dev/urandom", "m.cat"), inputErrAt("m.cat", 1, "not a regular file")),
		catLinked("model is a FIFO", mkfifo("m.cat"), inputErrAt("m.cat", 1, "not a regular file")),
		catLinked("model is a directory", mkdir("m.cat"), inputErrAt("m.cat", 1, "directory")),
		catLinked("model of 17 MiB", bigText("m.cat", "(* padding padding padding padding *)\n", 17<<20), inputErrAt("m.cat", 1, "too large")),
		catLinked("model of 17 MiB of NULs", sparse("m.cat", 17<<20), inputErrAt("m.cat", 1, "too large")),
		catInclude("include of /dev/zero", symlink("/dev/zero", "inc.cat"), inputErrAt("m.cat", 1, "not a regular file")),
		catInclude("include of /dev/urandom", symlink("/dev/urandom", "inc.cat"), inputErrAt("m.cat", 1, "not a regular file")),
		catInclude("include of a FIFO", mkfifo("inc.cat"), inputErrAt("m.cat", 1, "not a regular file")),
		catInclude("include of 17 MiB", sparse("inc.cat", 17<<20), inputErrAt("m.cat", 1, "too large")),
		catInclude("include of a directory", mkdir("inc.cat"), inputErrAt("m.cat", 1, "directory")),
		catInclude("include of an unreadable file", func(dir string) error {
			if err := writeFile(dir, "inc.cat", "let x = po\n"); err != nil {
				return err
			}
			return unreadable("inc.cat")(dir)
		}, inputErrAt("m.cat", 1, "permission")),
		catRun("include of itself", "include \"m.cat\"\nacyclic po\n", inputErrAt("m.cat", 1, "includes itself")),
		includeBomb("include bomb of 30 levels", 30, Want{Exit: 2, Msg: `(?m)^b\d+\.cat:\d+:\d+: more than 1000 includes`}),
		includeBomb("include bomb of 8 levels", 8, answer),
		catRun("expansion bomb on shared terms", expansionBomb(40, true), answer, "--timeout", "10s"),
		catRun("expansion bomb on distinct terms", expansionBomb(40, false), limitHit(), limitFlags...),
		catRun("expansion bomb, --max-memory only", expansionBomb(40, false), Want{Exit: 3, Msg: `INCONCLUSIVE[\s\S]*--max-memory`, Limit: 20 * time.Second, MaxMemory: 200 << 20}, "--max-memory", "200M"),
		&Case{Name: "models command on an expansion bomb", Category: "cat", Files: map[string]string{"m.cat": expansionBomb(40, true)},
			Args: []string{"models", "m.cat"}, Want: verdict(0, "valid cat model")},
		&Case{Name: "litmus on an expansion bomb", Category: "cat", Files: map[string]string{"m.cat": expansionBomb(40, false), "a.litmus": sbLitmus},
			Args: []string{"litmus", "a.litmus", "--model", "m.cat", "--timeout", "2s"}, Want: Want{Exit: 3, Msg: `INCONCLUSIVE[\s\S]*--timeout`, Limit: limitWall}},
		catRun("let rec a = ~a", "let rec a = ~a\nacyclic a\n", inputErrAt("m.cat", 1, "not monotone")),
		catRun("let rec a = po \\ a", "let rec a = po \\ a\nacyclic a\n", inputErrAt("m.cat", 1, "not monotone")),
		catRun("let rec through a difference", "let rec a = po \\ (a; po)\nacyclic a\n", inputErrAt("m.cat", 1, "not monotone")),
		catRun("mutual let rec through ~", "let rec a = b | po\nand b = ~a\nacyclic a\n", inputErrAt("m.cat", 2, "not monotone")),
		catRun("mutual let rec through \\", "let rec a = rf | b\nand b = po \\ a\nacyclic a | co | fr\n", inputErrAt("m.cat", 2, "not monotone")),
		catRun("monotone let rec", "let rec a = po | rf | a;a\nacyclic a | co | fr\n", verdict(0, "PASS")),
		catRun("empty _", "acyclic po\nempty _\n", vacuous(2)),
		catRun("acyclic id", "acyclic id\n", vacuous(1)),
		catRun("irreflexive id", "irreflexive id as never\n", vacuous(1)),
		catRun("~acyclic po", "~acyclic po\n", vacuous(1)),
		catRun("empty W", "empty W\n", vacuous(1)),
		catRun("flag empty _ is no check", "acyclic po | rf | co | fr\nflag ~empty _ as all\n", verdict(0, "PASS")),
		&Case{Name: "models command on a vacuous cat model", Category: "cat", Files: map[string]string{"m.cat": "acyclic id\n"},
			Args: []string{"models", "m.cat"}, Want: vacuous(1)},
		&Case{Name: "litmus on a vacuous cat model", Category: "cat", Files: map[string]string{"m.cat": "empty _\n", "a.litmus": sbLitmus},
			Args: []string{"litmus", "a.litmus", "--model", "m.cat"}, Want: vacuous(1)},
		catRun("error in the body of fencerel", "let x = fencerel(po)\nacyclic po | x\n", inputErrAt("m.cat", 1, `fencerel\(…\): .*needs a set.*F = po`)),
		catRun("unknown function", "acyclic frob(po)\n", inputErrAt("m.cat", 1, "unknown function frob")),
	}
	for _, c := range cs {
		c.Files["a.lsl"], c.Files["t.tst"] = sbLSL, sbTst
	}
	// Ctrl-C and SIGTERM while a function expansion runs
	for _, sig := range []struct {
		name string
		sig  syscall.Signal
		exit int
	}{{"Ctrl-C", syscall.SIGINT, 130}, {"SIGTERM", syscall.SIGTERM, 143}} {
		cs = append(cs,
			&Case{Name: sig.name + " during cat expansion", Category: "cat",
				Files: map[string]string{"a.lsl": sbLSL, "t.tst": sbTst, "m.cat": expansionBomb(40, false)},
				Args:  []string{"run", "a.lsl", "t.tst", "--model", "m.cat"}, Interrupt: time.Second, Signal: sig.sig,
				Want: Want{Exit: sig.exit, Limit: interruptWall}},
			&Case{Name: sig.name + " during models FILE.cat", Category: "cat",
				Files: map[string]string{"m.cat": expansionBomb(40, false)},
				Args:  []string{"models", "m.cat"}, Interrupt: time.Second, Signal: sig.sig,
				Want: Want{Exit: sig.exit, Limit: interruptWall}})
	}
	return cs
}

// catRun checks sb.lsl and sb.tst on the cat model m.cat.
func catRun(name, model string, want Want, flags ...string) *Case {
	return &Case{Name: name, Category: "cat", Files: map[string]string{"m.cat": model},
		Args: append([]string{"run", "a.lsl", "t.tst", "--model", "m.cat"}, flags...), Want: want}
}

// catLinked checks on a model m.cat that setup makes.
func catLinked(name string, setup func(string) error, want Want) *Case {
	c := catRun(name, "", want)
	delete(c.Files, "m.cat")
	c.Setup = setup
	return c
}

// catInclude checks on a model m.cat that includes inc.cat, which setup
// makes.
func catInclude(name string, setup func(string) error, want Want) *Case {
	c := catRun(name, "include \"inc.cat\"\nacyclic po | rf | co | fr\n", want)
	c.Setup = setup
	return c
}

// includeBomb is a model whose files b0 … b(n-1) each include the next
// twice: 2^n includes.
func includeBomb(name string, n int, want Want) *Case {
	c := catRun(name, "include \"b0.cat\"\nacyclic po | rf | co | fr\n", want)
	for i := 0; i < n; i++ {
		inc := fmt.Sprintf("include \"b%d.cat\"\n", i+1)
		c.Files[fmt.Sprintf("b%d.cat", i)] = inc + inc
	}
	c.Files[fmt.Sprintf("b%d.cat", n)] = "let x = po\n"
	return c
}

// expansionBomb defines f0 … fn, each calling the one before twice: on
// the argument and the argument extended (shared terms: the expansion is
// quadratic), or on the argument extended two ways (2^n distinct terms:
// only the limits stop it).
func expansionBomb(n int, shared bool) string {
	var b strings.Builder
	b.WriteString("let f0(x) = x\n")
	for i := 1; i <= n; i++ {
		if shared {
			fmt.Fprintf(&b, "let f%d(x) = f%d(x) | f%d(x;po)\n", i, i-1, i-1)
		} else {
			fmt.Fprintf(&b, "let f%d(x) = f%d(x;po) | f%d(x;rf)\n", i, i-1, i-1)
		}
	}
	fmt.Fprintf(&b, "acyclic f%d(po)\n", n)
	return b.String()
}
