package checkfence

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/frontend"
	_ "github.com/checkfence/checkfence/frontend/c" // registers .c
	llvmfront "github.com/checkfence/checkfence/frontend/llvm"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/report"
)

// Verdicts of a test.
const (
	Pass         = mining.Pass         // every execution is correct
	Fail         = mining.Fail         // some execution fails: Result.Trace shows it
	Inconclusive = mining.Inconclusive // a bound (time, memory, unrolling) was reached
)

// Program is an implementation with its tests, as Load read them.
type Program struct {
	// Tests are the tests, in file order.
	Tests []*lsl.Test
	// LSL is the translated implementation.
	LSL *lsl.Program
}

// LoadOptions control LoadWith.
type LoadOptions struct {
	// Clang compiles .c files with clang and reads its LLVM IR (pthreads,
	// C11 atomics) instead of using the built-in C front end.
	Clang bool
	// Compiler is the clang to use ("": clang-14, else the newest
	// clang-NN on PATH, else clang; see frontend/llvm).
	Compiler string
}

// Load reads implementation files (.c, .ll, .lsl) and .tst test files
// with the built-in front ends. Without a .tst file the program must be
// a pthread program (LLVM IR, or C with LoadWith and Clang).
func Load(files ...string) (*Program, error) { return LoadWith(LoadOptions{}, files...) }

// LoadWith is Load with options.
func LoadWith(opt LoadOptions, files ...string) (*Program, error) {
	var impl, tsts []string
	for _, f := range files {
		if strings.HasSuffix(f, ".tst") {
			tsts = append(tsts, f)
		} else {
			impl = append(impl, f)
		}
	}
	if len(impl) == 0 {
		return nil, fmt.Errorf("checkfence: no implementation files among %v", files)
	}
	if opt.Clang {
		dir, err := os.MkdirTemp("", "checkfence-clang-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(dir)
		var cs, rest []string
		for _, f := range impl {
			if strings.HasSuffix(f, ".c") || llvmfront.IsCxx(f) {
				cs = append(cs, f)
			} else {
				rest = append(rest, f)
			}
		}
		lls, err := llvmfront.CompileWith(context.Background(), llvmfront.Compilers{C: opt.Compiler}, cs, dir)
		if err != nil {
			return nil, err
		}
		impl = append(rest, lls...)
	}
	prog, err := frontend.Load(impl)
	if err != nil {
		return nil, err
	}
	p := &Program{LSL: prog}
	if len(tsts) == 0 {
		t, err := llvmfront.PthreadTest(prog)
		if err != nil {
			return nil, fmt.Errorf("checkfence: no .tst file, and %v", err)
		}
		p.Tests = []*lsl.Test{t}
		return p, nil
	}
	seen := map[string]string{}
	for _, file := range tsts {
		src, err := frontend.ReadFile(file)
		if err != nil {
			return nil, err
		}
		tf, err := lsl.ParseTests(file, src)
		if err != nil {
			return nil, err
		}
		if err := tf.Check(prog); err != nil {
			return nil, err
		}
		for _, t := range tf.Tests {
			if other, dup := seen[t.Name]; dup {
				return nil, diag.Errorf(t.Pos, "test %s is also in %s", t.Name, other)
			}
			seen[t.Name] = file
			p.Tests = append(p.Tests, t)
		}
	}
	return p, nil
}

// Test returns the test of that name, or nil.
func (p *Program) Test(name string) *lsl.Test {
	for _, t := range p.Tests {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// Options control a check.
type Options struct {
	// Model is a built-in model's name (ModelNames; default "relaxed")
	// or a .mm or .cat file.
	Model string
	// Races is what a data race of a C11 program is: "fail" (the
	// default for C11 programs), "warn" (a Result.Warnings entry) or
	// "off"; "" is the default, which checks CheckFence-style code for
	// no races.
	Races string
	// Timeout gives up on a test after this long (INCONCLUSIVE); 0: no
	// limit.
	Timeout time.Duration
	// MaxUnroll is the highest loop bound before INCONCLUSIVE (default
	// 64).
	MaxUnroll int
	// Witness also finds an execution for a PASS (Result.Trace).
	Witness bool
}

// ModelNames lists the built-in memory models.
func ModelNames() []string { return memmodel.Names() }

// Result is the outcome of one test: its verdict, the reason of a FAIL
// or INCONCLUSIVE (assertion, runtime-error, deadlock, data-race,
// consistency, …), a message, statistics and the trace.
type Result struct {
	*mining.Result
	// Model names the model the test was checked on.
	Model string
}

// WriteTrace prints the trace of a FAIL (or the witness of a PASS) as
// "checkfence run" does; nothing when there is none.
func (r *Result) WriteTrace(w io.Writer) {
	report.WriteTrace(w, r.Result, report.TextOptions{Model: r.Model})
}

// Check decides the test called name.
func (p *Program) Check(ctx context.Context, name string, opt Options) (*Result, error) {
	t := p.Test(name)
	if t == nil {
		return nil, fmt.Errorf("checkfence: no test %q", name)
	}
	mo, model, err := p.options(opt)
	if err != nil {
		return nil, err
	}
	r, err := mining.Check(ctx, p.LSL, t, mo)
	if err != nil {
		return nil, err
	}
	return &Result{Result: r, Model: model}, nil
}

// CheckAll decides every test, in order.
func (p *Program) CheckAll(ctx context.Context, opt Options) ([]*Result, error) {
	mo, model, err := p.options(opt)
	if err != nil {
		return nil, err
	}
	var out []*Result
	for _, t := range p.Tests {
		r, err := mining.Check(ctx, p.LSL, t, mo)
		if err != nil {
			return out, err
		}
		out = append(out, &Result{Result: r, Model: model})
	}
	return out, nil
}

// options turns Options into mining's, and names the model.
func (p *Program) options(opt Options) (mining.Options, string, error) {
	name := opt.Model
	if name == "" {
		name = "relaxed"
	}
	mo := mining.Options{Timeout: opt.Timeout, MaxUnroll: opt.MaxUnroll, Witness: opt.Witness}
	m, err := memmodel.Load(context.Background(), name)
	if err != nil {
		return mo, "", err
	}
	mo.Model = m
	switch opt.Races {
	case "":
		if mining.C11Semantics(p.LSL) {
			mo.Races = mining.RacesFail
		}
	default:
		r, err := mining.ParseRaceMode(opt.Races)
		if err != nil {
			return mo, "", err
		}
		mo.Races = r
	}
	return mo, name, nil
}
