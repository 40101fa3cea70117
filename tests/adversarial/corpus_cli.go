package adversarial

import (
	"os"
	"path/filepath"
)

// cliCases are bad command lines (flags, argument shapes, output paths).
func cliCases() []*Case {
	run := func(flags ...string) []string { return append([]string{"run", "a.lsl", "t.tst"}, flags...) }
	cs := []*Case{
		cliRun("valid run", verdict(1, "FAIL"), run()...),
		cliRun("no arguments", usageErr("(?i)requires at least 1 arg|need"), "run"),
		cliRun("no command", verdict(0, "Usage"), "--help"),
		cliRun("unknown command", usageErr("unknown command"), "frobnicate"),
		cliRun("unknown flag", usageErr("--frobnicate"), run("--frobnicate")...),
		cliRun("flag without value", usageErr("--model"), run("--model")...),
		cliRun("negative timeout", usageErr("--timeout"), run("--timeout", "-5s")...),
		cliRun("timeout not a duration", usageErr("--timeout"), run("--timeout", "soon")...),
		cliRun("timeout without unit", usageErr("--timeout"), run("--timeout", "5")...),
		cliRun("max-unroll 0", usageErr("--max-unroll"), run("--max-unroll", "0")...),
		cliRun("max-unroll -1", usageErr("--max-unroll"), run("--max-unroll", "-1")...),
		cliRun("max-unroll overflow", usageErr("--max-unroll"), run("--max-unroll", "99999999999999999999")...),
		cliRun("max-unroll absurd", usageErr("--max-unroll"), run("--max-unroll", "1000000000")...),
		cliRun("max-memory inf", usageErr("--max-memory"), run("--max-memory", "inf")...),
		cliRun("max-memory NaN", usageErr("--max-memory"), run("--max-memory", "NaN")...),
		cliRun("max-memory 1e-300", usageErr("--max-memory"), run("--max-memory", "1e-300")...),
		cliRun("max-memory negative", usageErr("--max-memory"), run("--max-memory", "-1G")...),
		cliRun("max-memory zero", usageErr("--max-memory"), run("--max-memory", "0")...),
		cliRun("max-memory 1 byte", usageErr("--max-memory"), run("--max-memory", "1")...),
		cliRun("max-memory overflow", usageErr("--max-memory"), run("--max-memory", "1e30")...),
		cliRun("max-memory words", usageErr("--max-memory"), run("--max-memory", "lots")...),
		cliRun("max-memory 2G", verdict(1, "FAIL"), run("--max-memory", "2G")...),
		cliRun("int-width 1", usageErr("--int-width"), run("--int-width", "1")...),
		cliRun("int-width 99", usageErr("--int-width"), run("--int-width", "99")...),
		cliRun("quiet and verbose", usageErr("-q.*-v|--quiet.*--verbose|-v.*-q|--verbose.*--quiet"), run("-q", "-v")...),
		cliRun("one test file twice", usageErr("t.tst is given twice"), "run", "a.lsl", "t.tst", "t.tst"),
		cliRun("test file first", usageErr(`t\.tst`), "run", "t.tst", "a.lsl"),
		cliRun("test file in the middle", usageErr(`t\.tst`), "run", "a.lsl", "t.tst", "w.c"),
		cliRun("only a test file", usageErr("implementation"), "run", "t.tst"),
		cliRun("unknown model", usageErr("nosuch"), run("--model", "nosuch")...),
		cliRun("unknown encoding", usageErr("fast"), run("--encoding", "fast")...),
		cliRun("unknown transitivity", usageErr("sometimes"), run("--transitivity", "sometimes")...),
		cliRun("unknown front end", usageErr("gcc"), run("--frontend", "gcc")...),
		cliRun("unknown test", usageErr("Nope"), run("--test", "Nope")...),
		cliRun("spec lacks an operation", usageErr(`spec\.lsl`), run("--spec", "spec.lsl")...),
		cliRun("spec missing", inputErrAt("nospec.lsl", 1, "no such file"), run("--spec", "nospec.lsl")...),
		cliRun("spec is /dev/zero", inputErrAt("zero.lsl", 1, "not a regular file"), run("--spec", "zero.lsl")...),
		cliRun("html into a file", usageErr("--html"), run("--html", "a.lsl")...),
		cliRun("html into /dev/null", usageErr("--html"), run("--html", "/dev/null")...),
		cliRun("html below a file", usageErr("--html"), run("--html", "a.lsl/sub")...),
		cliRun("html overwrites an index", verdict(1, "overwr"), run("--html", "out")...),
		cliRun("html and json", verdict(1, `"verdict"`), run("--html", "h", "--json")...),
		cliRun("mine negative timeout", usageErr("--timeout"), "mine", "a.lsl", "t.tst", "--timeout", "-1s"),
		cliRun("mine max-unroll 0", usageErr("--max-unroll"), "mine", "a.lsl", "t.tst", "--max-unroll", "0"),
		cliRun("fences quiet verbose", usageErr("-q.*-v|--quiet.*--verbose|-v.*-q|--verbose.*--quiet"), "fences", "a.lsl", "t.tst", "-q", "-v"),
		cliRun("fences without a test file", usageErr("(?i)test file|\\.tst|pthread"), "fences", "a.lsl"),
		cliRun("lsl without files", usageErr("(?i)requires at least 1 arg|need"), "lsl"),
		cliRun("lsl unrolled without test", usageErr("test file"), "lsl", "a.lsl", "--unrolled"),
		cliRun("models unknown", usageErr("nosuch"), "models", "nosuch"),
		cliRun("litmus without files", usageErr("(?i)requires at least 1 arg"), "litmus"),
		cliRun("litmus -q -v", usageErr("unknown shorthand flag"), "litmus", "x.litmus", "-q", "-v"),
		cliRun("cpuprofile unwritable", usageErr("--cpuprofile"), "--cpuprofile", "a.lsl/p", "version"),
	}
	for _, c := range cs {
		switch c.Name {
		case "spec lacks an operation":
			c.Files = map[string]string{"a.lsl": sbLSL, "t.tst": sbTst, "spec.lsl": "global X\nglobal Y\nproc wx() { store @X, 1 }\n"}
		case "spec is /dev/zero":
			c.Setup = symlink("/dev/zero", "zero.lsl")
		case "html overwrites an index":
			c.Setup = func(dir string) error {
				if err := os.Mkdir(filepath.Join(dir, "out"), 0o755); err != nil {
					return err
				}
				return os.WriteFile(filepath.Join(dir, "out", "index.html"), []byte("<html>old run</html>"), 0o644)
			}
		}
	}
	return cs
}
