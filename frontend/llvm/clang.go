package llvmfront

import (
	"bytes"
	"context"
	"embed"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/frontend/headers"
	"github.com/checkfence/checkfence/internal/limits"
)

// The headers C programs compile against with clang: the C front end's
// (package headers, written to c/), and, searched
// first, pthread.h and a stdint.h that adds the types clang's own
// stdatomic.h needs (include/llvm). System headers are not used
// (-nostdlibinc); clang's builtin headers (stdatomic.h, stdarg.h, …) are.
//
//go:embed include
var includeFS embed.FS

// ClangFlags are the flags C files are compiled with: LLVM IR with debug
// information, unoptimized (every access of the C source stays one load
// or store, as in the C front end; the front end promotes locals to
// registers itself), with GNU inline semantics (c99inline.go).
var ClangFlags = []string{"-S", "-emit-llvm", "-g", "-O0", "-fgnu89-inline", "-nostdlibinc", "-D__CHECKFENCE__=1", "-Wno-everything"}

// ClangxxFlags are the flags C++ files are compiled with: the system's C++
// headers (std::atomic) are used, the API comes from include/cxx, and
// exceptions are off (the front end has no unwinding).
var ClangxxFlags = []string{"-S", "-emit-llvm", "-g", "-O0", "-fno-exceptions", "-D__CHECKFENCE__=1", "-Wno-everything"}

// IsCxx reports whether a file name is a C++ source.
func IsCxx(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".cpp", ".cc", ".cxx", ".c++":
		return true
	}
	return false
}

// Compile compiles C files with clang (C++ files with clang++), found
// as FindClang finds it, into LLVM IR files in dir and returns their
// paths (dir/NAME.ll, in order; a number is added when two files share a
// name). extra flags follow ClangFlags (so "-O1" overrides -O0). Compiler
// errors are an diag.ErrorList at the positions clang reports.
func Compile(files []string, dir string, extra ...string) ([]string, error) {
	return CompileContext(context.Background(), files, dir, extra...)
}

// CompileContext is Compile; clang is killed when ctx is done (the error
// is then a *limits.CanceledError).
func CompileContext(ctx context.Context, files []string, dir string, extra ...string) ([]string, error) {
	return CompileWith(ctx, Compilers{}, files, dir, extra...)
}

// CompileWith is CompileContext with the compilers named.
func CompileWith(ctx context.Context, cc Compilers, files []string, dir string, extra ...string) ([]string, error) {
	inc, removeHeaders, err := headerDir(dir)
	if err != nil {
		return nil, err
	}
	defer removeHeaders()
	var out []string
	taken := map[string]bool{}
	for _, file := range files {
		base := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
		name := uniqueName(identName(base), taken)
		ll := filepath.Join(dir, name+".ll")
		find, flags, incs := cc.findC, ClangFlags, []string{"llvm", "c"}
		if IsCxx(file) {
			find, flags, incs = cc.findCxx, ClangxxFlags, []string{"cxx"}
		}
		clang, err := find()
		if err != nil {
			return nil, err
		}
		args := append([]string{}, flags...)
		args = append(args, extra...)
		for _, d := range incs {
			args = append(args, "-I", filepath.Join(inc, d))
		}
		args = append(args, "-o", ll, file)
		cmd := clangCommand(ctx, clang, args) // under --max-memory (clanglimit.go)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			if err := limits.Canceled(ctx, "clang"); err != nil {
				return nil, err
			}
			if err := clangOutOfMemory(ctx, filepath.Base(clang), stderr.String()); err != nil {
				return nil, err
			}
			return nil, clangError(file, stderr.String(), err)
		}
		out = append(out, ll)
	}
	return out, nil
}

// ramTempDir is where headerDir writes the headers when it can: a
// memory file system on Linux.
var ramTempDir = "/dev/shm"

// headerDir writes the headers for one compile and returns their
// directory and the function that removes it. Unless TMPDIR names the
// place for temporary files, they go to a fresh directory under
// ramTempDir: creating the 45 files on a disk file system (ext4 /tmp)
// cost 12 ms of system CPU per compile, a twentieth of a small C11
// program's check (issue 52), and a tenth of that in memory. Where that
// fails (no such directory, no space) they go to dir/include, beside
// clang's output. The headers are the same either way; their directory
// is a fresh temporary one either way (positions inside a header name it).
func headerDir(dir string) (inc string, remove func(), err error) {
	// dir is made if missing, as writing the headers into it always did
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", nil, err
	}
	if os.Getenv("TMPDIR") == "" {
		if ram, err := os.MkdirTemp(ramTempDir, "checkfence-headers-"); err == nil {
			if err := writeHeaders(ram); err == nil {
				return ram, func() { os.RemoveAll(ram) }, nil
			}
			os.RemoveAll(ram)
		}
	}
	inc = filepath.Join(dir, "include")
	return inc, func() {}, writeHeaders(inc)
}

// writeHeaders copies the headers to dir: the C front end's (lsl_protos.h
// and the minimal C library, shared so both front ends read the same API)
// into dir/c, and this front end's own (pthread.h, the C++ API) beside it.
func writeHeaders(dir string) error {
	if err := copyTree(headers.FS(), ".", filepath.Join(dir, "c")); err != nil {
		return err
	}
	return copyTree(includeFS, "include", dir)
}

func copyTree(fsys fs.FS, root, dir string) error {
	return fs.WalkDir(fsys, root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		target := filepath.Join(dir, strings.TrimPrefix(path, root))
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := fs.ReadFile(fsys, path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
}

var clangDiag = lazyRegexp(`(?m)^(.+?):(\d+):(\d+): (?:fatal )?error: (.*)$`)

// clangError turns clang's diagnostics into input errors.
func clangError(file, stderr string, err error) error {
	var errs diag.ErrorList
	for _, m := range clangDiag().FindAllStringSubmatch(stderr, 20) {
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		errs = append(errs, diag.ErrorfCode(diag.Pos{File: m[1], Line: line, Col: col}, diag.CodeCompiler, "%s", m[4]))
	}
	if len(errs) == 0 {
		msg := strings.TrimSpace(stderr)
		if msg == "" {
			msg = err.Error()
		}
		errs = append(errs, diag.ErrorfCode(diag.Pos{File: file, Line: 1, Col: 1}, diag.CodeCompiler, "clang failed: %s", msg))
	}
	return errs
}
