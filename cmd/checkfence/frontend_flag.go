package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/frontend"
	llvmfront "github.com/checkfence/checkfence/frontend/llvm" // registers .ll
	"github.com/checkfence/checkfence/internal/limits"
	"github.com/checkfence/checkfence/internal/source"
	"github.com/checkfence/checkfence/lsl"
	"github.com/spf13/cobra"
)

// Front ends for .c files (--frontend): the built-in C front end, or
// clang followed by the LLVM IR front end.
const (
	frontendAuto  = ""      // c, except for a program without a .tst file
	frontendC     = "c"     // the built-in C front end
	frontendClang = "clang" // compile with clang, read the LLVM IR
)

// clangCompiler is --clang: the C compiler ("": found on PATH).
var clangCompiler string

// addFrontendFlag registers --frontend and --clang on a command that
// reads implementation files.
func addFrontendFlag(cmd *cobra.Command, v *string) {
	cmd.Flags().StringVar(v, "frontend", frontendAuto,
		"how to read .c files: c (the built-in C front end) or clang (compile with "+
			"clang 14 or later and read the LLVM IR; pthreads). Default: c when a .tst file is given, "+
			"clang for a program without one (its main starts the threads). .ll files are always read as LLVM IR")
	cmd.Flags().StringVar(&clangCompiler, "clang", "",
		"the clang to compile C with (a name on PATH or a path; C++ goes to the clang++ beside it). "+
			"Default: $"+llvmfront.ClangEnv+", else clang-14, else the newest clang-NN on PATH, else clang")
}

// checkFrontend validates a --frontend value.
func checkFrontend(name string) error {
	switch name {
	case frontendAuto, frontendC, frontendClang:
		return nil
	}
	return fmt.Errorf("unknown front end %q (use c or clang)", name)
}

// loadImpl translates the implementation files with the chosen front end,
// within the limits lim (a *limits.CanceledError when they are reached).
func loadImpl(lim *loadLimits, files []string, frontendName string) (*lsl.Program, error) {
	if err := checkFrontend(frontendName); err != nil {
		return nil, err
	}
	// missing and unreadable files first, without starting anything
	for _, f := range files {
		if _, err := frontend.ReadFile(f); err != nil {
			return nil, err
		}
		source.NoteInputRoot(f) // the sources beside it may be shown (source.IsInputFile)
	}
	return runLimited(lim, frontEndPhase(files, frontendName), func(ctx context.Context) (*lsl.Program, error) {
		if frontendName != frontendClang {
			return frontend.LoadWith(files, frontend.Options{Ctx: ctx, KeepPool: lim.keepPool, ThreadRounds: lim.maxThreads})
		}
		lls, cleanup, err := compileWithClang(ctx, files)
		if err != nil {
			return nil, err
		}
		defer cleanup()
		prog, err := frontend.LoadWith(lls, frontend.Options{Ctx: ctx, KeepPool: lim.keepPool, SignedOverflow: checkSignedOverflow, ThreadRounds: lim.maxThreads})
		return prog, toSourcePositions(err, lls, files) // clangpos.go
	})
}

// compileWithClang compiles the C and C++ files among files with clang
// (clang++) into a temporary directory and returns the file list with
// each replaced by its .ll file (other files are kept), so that they form
// one group for the LLVM front end. cleanup removes the
// directory; the program the LLVM front end reads from the .ll files
// refers to the .c sources, so it may be called right after loading.
func compileWithClang(ctx context.Context, files []string) (out []string, cleanup func(), err error) {
	isSource := func(f string) bool { return strings.EqualFold(filepath.Ext(f), ".c") || llvmfront.IsCxx(f) }
	var cs []string
	for _, f := range files {
		if isSource(f) {
			cs = append(cs, f)
		}
	}
	cleanup = func() {}
	if len(cs) == 0 {
		return files, cleanup, nil
	}
	for _, c := range cs {
		if _, err := frontend.ReadFile(c); err != nil {
			return nil, cleanup, err
		}
	}
	dir, err := os.MkdirTemp("", "checkfence-clang-")
	if err != nil {
		return nil, cleanup, err
	}
	cleanup = func() { os.RemoveAll(dir) }
	lls, err := llvmfront.CompileWith(ctx, llvmfront.Compilers{C: clangCompiler}, cs, dir, clangExtraFlags...)
	if err != nil {
		cleanup()
		return nil, func() {}, err
	}
	k := 0
	for _, f := range files {
		if isSource(f) {
			out = append(out, lls[k])
			k++
		} else {
			out = append(out, f)
		}
	}
	return out, cleanup, nil
}

// isTestFile reports whether an argument is a test file.
func isTestFile(arg string) bool { return strings.HasSuffix(arg, ".tst") }

// loadInputs reads IMPL... [TESTFILE...] with the chosen front end,
// within the limits lim: with test files, the implementation and the
// selected tests of all of them, in order; without one, a pthread program
// and the test its main is. A limit reached is a *limitError.
func loadInputs(lim *loadLimits, args, tests []string, frontendName string) (*lsl.Program, []*lsl.Test, error) {
	if len(args) == 0 {
		return nil, nil, fmt.Errorf("need implementation files and a .tst file (or a pthread program)")
	}
	nt := 0 // the test files at the end
	for nt < len(args) && isTestFile(args[len(args)-1-nt]) {
		nt++
	}
	for _, a := range args[:len(args)-nt] {
		if isTestFile(a) {
			return nil, nil, fmt.Errorf("the test file %s must come after the implementation files (checkfence run IMPL... TESTFILE...)", a)
		}
	}
	tfiles := args[len(args)-nt:]
	if nt == 0 {
		prog, sel, err := loadPthreadProgram(lim, args, frontendName)
		if err != nil {
			if ce := (*limits.CanceledError)(nil); errors.As(err, &ce) {
				return nil, nil, &limitError{err: ce}
			}
			return nil, nil, err
		}
		for _, name := range tests {
			if name != sel[0].Name {
				return nil, nil, fmt.Errorf("no test %q: a pthread program is the single test %q", name, sel[0].Name)
			}
		}
		return prog, sel, nil
	}
	if len(args) == nt {
		return nil, nil, fmt.Errorf("need implementation files before the .tst file")
	}
	// The test files first: they are small, and a limit reached while
	// reading the implementation then has tests to report INCONCLUSIVE.
	if err := checkFrontend(frontendName); err != nil {
		return nil, nil, err
	}
	tf, err := readTestFiles(tfiles)
	if err != nil {
		return nil, nil, err
	}
	sel, err := tf.Select(tests)
	if err != nil {
		return nil, nil, err
	}
	prog, err := loadImpl(lim, args[:len(args)-nt], frontendName)
	if err != nil {
		if ce := (*limits.CanceledError)(nil); errors.As(err, &ce) {
			return nil, nil, &limitError{err: ce, tests: sel}
		}
		return nil, nil, err
	}
	if err := tf.Check(prog); err != nil {
		return nil, nil, err
	}
	return prog, sel, nil
}

// loadPthreadProgram reads a program without a test file: a main that
// starts threads with pthread_create is the test (pthreadTest). .c files
// go through clang (the C front end has no threads).
func loadPthreadProgram(lim *loadLimits, impl []string, frontendName string) (*lsl.Program, []*lsl.Test, error) {
	if err := checkFrontend(frontendName); err != nil {
		return nil, nil, err
	}
	if frontendName == frontendC {
		return nil, nil, fmt.Errorf("without a .tst file the program must be a pthread program, which needs --frontend clang")
	}
	prog, err := loadImpl(lim, impl, frontendClang)
	if err != nil {
		return nil, nil, err
	}
	test, err := pthreadTest(prog)
	if err != nil {
		return nil, nil, err
	}
	return prog, []*lsl.Test{test}, nil
}

// pthreadTest is the test a pthread main became: main's code before the
// first pthread_create (init), the started threads (and main's own code
// while they run), main's code after the last pthread_join (final).
func pthreadTest(prog *lsl.Program) (*lsl.Test, error) {
	test, err := llvmfront.PthreadTest(prog)
	if err != nil {
		return nil, fmt.Errorf("%v (give a .tst file, or a main that starts threads with pthread_create and joins them)", err)
	}
	return test, nil
}

// readTestFiles reads .tst files into one test file: their tests in
// order, whose names must differ.
func readTestFiles(files []string) (*lsl.TestFile, error) {
	all := &lsl.TestFile{File: files[0]}
	where := map[string]string{}
	var errs diag.ErrorList
	for i, file := range files {
		if slices.Contains(files[:i], file) {
			return nil, fmt.Errorf("%s is given twice", file)
		}
		src, err := frontend.ReadFile(file)
		if err != nil {
			return nil, err
		}
		tf, err := lsl.ParseTests(file, src)
		if err != nil {
			return nil, err
		}
		for _, t := range tf.Tests {
			if other, ok := where[t.Name]; ok {
				errs = append(errs, diag.Errorf(t.Pos, "test %s is also in %s: the tests of the .tst files checked together need different names", t.Name, other))
				continue
			}
			where[t.Name] = file
			all.Tests = append(all.Tests, t)
		}
	}
	return all, errs.Err()
}
