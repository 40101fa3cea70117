package llvmfront

import (
	"context"
	"os"

	"github.com/checkfence/checkfence/frontend"
	"github.com/checkfence/checkfence/lsl"
)

// The CLI reads .ll files through this front end, and C++ files through
// clang++-14 and this front end (C files have the C front end; the CLI's
// --frontend clang sends them here too).
func init() {
	frontend.Register(".ll", func(files []string, opt frontend.Options) (*lsl.Program, error) {
		return TranslateWith(files, Options{Ctx: opt.Ctx, KeepPool: opt.KeepPool, SignedOverflow: opt.SignedOverflow, ThreadRounds: opt.ThreadRounds})
	})
	for _, ext := range []string{".cpp", ".cc", ".cxx"} {
		frontend.Register(ext, func(files []string, opt frontend.Options) (*lsl.Program, error) {
			return translateCxx(files, Options{Ctx: opt.Ctx, KeepPool: opt.KeepPool, SignedOverflow: opt.SignedOverflow, ThreadRounds: opt.ThreadRounds})
		})
	}
}

// TranslateCxx compiles C++ files with clang++-14 and translates the IR.
func TranslateCxx(files []string) (*lsl.Program, error) { return translateCxx(files, Options{}) }

func translateCxx(files []string, opt Options) (*lsl.Program, error) {
	dir, err := os.MkdirTemp("", "checkfence-clang-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	ctx := opt.Ctx
	if ctx == nil {
		ctx = context.Background()
	}
	lls, err := CompileContext(ctx, files, dir)
	if err != nil {
		return nil, err
	}
	return TranslateWith(lls, opt)
}
