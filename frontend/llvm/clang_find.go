package llvmfront

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Finding clang. Any clang from 14 up works: clang 14 writes typed
// pointers, later versions opaque ones, which the reader rewrites
// (opaque.go). The compiler is, in order: the one named (Compilers, the
// CLI's --clang), the one $CHECKFENCE_CLANG names, clang-14 on PATH, the
// newest clang-NN on PATH (NN ≥ 15), clang on PATH if it is 14 or later.
// clang-14 comes first because its IR needs no rewrite; the others give
// the same programs (clang_versions_test.go). C++ files go to the clang++
// of the same version.

// ClangEnv names an environment variable that names the C compiler.
const ClangEnv = "CHECKFENCE_CLANG"

// ClangxxEnv names an environment variable that names the C++ compiler
// (default: the clang++ beside the C compiler).
const ClangxxEnv = "CHECKFENCE_CLANGXX"

// MinClangVersion is the oldest clang the front end reads the IR of.
const MinClangVersion = 14

// ErrNoClang is returned (wrapped) when no usable clang is installed.
var ErrNoClang = errors.New("clang is not installed")

// Compilers names the compilers to run: a name on PATH or a path. Empty
// fields are found as FindClang and FindClangxx find them.
type Compilers struct {
	C   string
	Cxx string
}

// FindClang returns the path of the C compiler.
func FindClang() (string, error) { return Compilers{}.findC() }

// FindClangxx returns the path of the C++ compiler.
func FindClangxx() (string, error) { return Compilers{}.findCxx() }

func (c Compilers) findC() (string, error) {
	name := c.C
	if name == "" {
		name = os.Getenv(ClangEnv)
	}
	if name != "" {
		return checkCompiler(name)
	}
	return searchClang("clang")
}

func (c Compilers) findCxx() (string, error) {
	name := c.Cxx
	if name == "" && c.C != "" {
		name = cxxBeside(c.C)
	}
	if name == "" {
		name = os.Getenv(ClangxxEnv)
	}
	if name == "" {
		if e := os.Getenv(ClangEnv); e != "" {
			name = cxxBeside(e)
		}
	}
	if name != "" {
		return checkCompiler(name)
	}
	return searchClang("clang++")
}

// cxxBeside is the C++ compiler of a C compiler: clang-19 → clang++-19,
// /opt/llvm/bin/clang → /opt/llvm/bin/clang++.
func cxxBeside(c string) string {
	dir, base := filepath.Split(c)
	i := strings.LastIndex(base, "clang")
	if i < 0 || strings.HasPrefix(base[i:], "clang++") {
		return c
	}
	return dir + base[:i] + "clang++" + base[i+len("clang"):]
}

// checkCompiler finds a named compiler and refuses one older than clang
// 14.
func checkCompiler(name string) (string, error) {
	path, err := exec.LookPath(name)
	if err != nil {
		return "", fmt.Errorf("%w: no %s in PATH (install clang %d or later, e.g. apt-get install clang-19, or name one with --clang or $%s)",
			ErrNoClang, name, MinClangVersion, ClangEnv)
	}
	if v, ok := clangVersion(path); ok && v < MinClangVersion {
		return "", fmt.Errorf("%w: %s is clang %d; the LLVM front end needs clang %d or later", ErrNoClang, name, v, MinClangVersion)
	}
	return path, nil
}

// searchClang finds base-14, else the newest base-NN, else base (clang or
// clang++) on PATH.
func searchClang(base string) (string, error) {
	if path, err := exec.LookPath(base + "-" + strconv.Itoa(MinClangVersion)); err == nil {
		return path, nil
	}
	if vs := versionedOnPath(base); len(vs) > 0 {
		return vs[len(vs)-1].path, nil
	}
	if path, err := exec.LookPath(base); err == nil {
		if v, ok := clangVersion(path); !ok || v >= MinClangVersion {
			return path, nil
		}
	}
	return "", fmt.Errorf("%w: no %s %d or later in PATH (looked for %s-%d, %s-NN and %s; install one, e.g. apt-get install clang-19, or name one with --clang or $%s)",
		ErrNoClang, base, MinClangVersion, base, MinClangVersion, base, base, ClangEnv)
}

type versioned struct {
	version int
	path    string
}

// versionedOnPath lists the executables base-NN (NN ≥ 14) on PATH, oldest
// first; the first directory that has a version wins.
func versionedOnPath(base string) []versioned {
	seen := map[int]bool{}
	var out []versioned
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		if dir == "" {
			dir = "."
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			rest, ok := strings.CutPrefix(e.Name(), base+"-")
			if !ok || !isDigits(rest) {
				continue
			}
			v, err := strconv.Atoi(rest)
			if err != nil || v < MinClangVersion || seen[v] {
				continue
			}
			path := filepath.Join(dir, e.Name())
			if st, err := os.Stat(path); err != nil || st.IsDir() || st.Mode()&0o111 == 0 {
				continue
			}
			seen[v] = true
			out = append(out, versioned{v, path})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	return out
}

// Clang is an installed clang version.
type Clang struct {
	Version int
	C, Cxx  string // paths; Cxx is "" when clang++ of that version is missing
}

// InstalledClangs lists the clang-NN (NN ≥ 14) on PATH, oldest first.
func InstalledClangs() []Clang {
	cxx := map[int]string{}
	for _, v := range versionedOnPath("clang++") {
		cxx[v.version] = v.path
	}
	var out []Clang
	for _, v := range versionedOnPath("clang") {
		out = append(out, Clang{Version: v.version, C: v.path, Cxx: cxx[v.version]})
	}
	return out
}

var (
	versionRE    = lazyRegexp(`clang version (\d+)`)
	versionCache sync.Map // path → int (-1: unknown)
)

// clangVersion is the major version clang --version prints.
func clangVersion(path string) (int, bool) {
	if v, ok := versionCache.Load(path); ok {
		return v.(int), v.(int) >= 0
	}
	v := -1
	if out, err := exec.Command(path, "--version").Output(); err == nil {
		if m := versionRE().FindSubmatch(out); m != nil {
			v, _ = strconv.Atoi(string(m[1]))
		}
	}
	versionCache.Store(path, v)
	return v, v >= 0
}
