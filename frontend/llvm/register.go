package llvmfront

import (
	"os"

	"github.com/checkfence/checkfence/frontend"
	"github.com/checkfence/checkfence/lsl"
)

// The CLI reads .ll files through this front end, and C++ files through
// clang++-14 and this front end (C files have the C front end; the CLI's
// --frontend clang sends them here too).
func init() {
	frontend.Register(".ll", Translate)
	for _, ext := range []string{".cpp", ".cc", ".cxx"} {
		frontend.Register(ext, TranslateCxx)
	}
}

// TranslateCxx compiles C++ files with clang++-14 and translates the IR.
func TranslateCxx(files []string) (*lsl.Program, error) {
	dir, err := os.MkdirTemp("", "checkfence-clang-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	lls, err := Compile(files, dir)
	if err != nil {
		return nil, err
	}
	return Translate(lls)
}
