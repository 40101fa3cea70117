package llvmfront

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// fakeClangs makes a PATH of scripts that print a clang version: name →
// major version (0: prints no version).
func fakeClangs(t *testing.T, compilers map[string]int) string {
	t.Helper()
	dir := t.TempDir()
	for name, v := range compilers {
		out := "echo 'Debian clang version " + strconv.Itoa(v) + ".0.1'"
		if v == 0 {
			out = "echo 'some compiler'"
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\n"+out+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", dir)
	t.Setenv(ClangEnv, "")
	t.Setenv(ClangxxEnv, "")
	return dir
}

// The compiler found: clang-14 first, else the newest clang-NN, else
// clang if it is 14 or later.
func TestFindClangOrder(t *testing.T) {
	tests := []struct {
		name      string
		installed map[string]int
		want      string // base name of the C compiler; "" for an error
		wantCxx   string
	}{
		{"14 first", map[string]int{"clang-14": 14, "clang-19": 19, "clang-16": 16, "clang++-14": 14, "clang++-19": 19}, "clang-14", "clang++-14"},
		{"newest", map[string]int{"clang-15": 15, "clang-19": 19, "clang-16": 16, "clang++-19": 19, "clang++-15": 15}, "clang-19", "clang++-19"},
		{"unversioned", map[string]int{"clang": 18, "clang++": 18}, "clang", "clang++"},
		{"unversioned too old", map[string]int{"clang": 13}, "", ""},
		{"versioned too old", map[string]int{"clang-13": 13, "clang-12": 12}, "", ""},
		{"version unknown", map[string]int{"clang": 0}, "clang", ""},
		{"none", map[string]int{"gcc": 12}, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fakeClangs(t, tc.installed)
			got, err := FindClang()
			if tc.want == "" {
				if !errors.Is(err, ErrNoClang) {
					t.Errorf("got %q, %v; want ErrNoClang", got, err)
				}
				return
			}
			if err != nil || filepath.Base(got) != tc.want {
				t.Errorf("got %q, %v; want %s", got, err, tc.want)
			}
			if tc.wantCxx != "" {
				got, err := FindClangxx()
				if err != nil || filepath.Base(got) != tc.wantCxx {
					t.Errorf("C++: got %q, %v; want %s", got, err, tc.wantCxx)
				}
			}
		})
	}
}

// A compiler named by the variable, or by Compilers, is used (and its
// clang++ for C++), unless it is older than clang 14.
func TestFindClangNamed(t *testing.T) {
	fakeClangs(t, map[string]int{"clang-14": 14, "clang++-14": 14, "clang-16": 16, "clang++-16": 16, "clang-13": 13})
	t.Setenv(ClangEnv, "clang-16")
	if got, err := FindClang(); err != nil || filepath.Base(got) != "clang-16" {
		t.Errorf("%s=clang-16: got %q, %v", ClangEnv, got, err)
	}
	if got, err := FindClangxx(); err != nil || filepath.Base(got) != "clang++-16" {
		t.Errorf("%s=clang-16: C++ got %q, %v", ClangEnv, got, err)
	}
	t.Setenv(ClangEnv, "")
	if got, err := (Compilers{C: "clang-16"}).findCxx(); err != nil || filepath.Base(got) != "clang++-16" {
		t.Errorf("Compilers{C: clang-16}: C++ got %q, %v", got, err)
	}
	_, err := (Compilers{C: "clang-13"}).findC()
	if !errors.Is(err, ErrNoClang) || !strings.Contains(err.Error(), "clang 13") {
		t.Errorf("clang-13: got %v", err)
	}
}

func TestCxxBeside(t *testing.T) {
	for in, want := range map[string]string{
		"clang-19":            "clang++-19",
		"clang":               "clang++",
		"/opt/llvm/bin/clang": "/opt/llvm/bin/clang++",
		"clang++-17":          "clang++-17",
		"x86_64-linux-clang":  "x86_64-linux-clang++",
		"cc":                  "cc",
	} {
		if got := cxxBeside(in); got != want {
			t.Errorf("cxxBeside(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestInstalledClangs(t *testing.T) {
	fakeClangs(t, map[string]int{"clang-14": 14, "clang-19": 19, "clang++-19": 19, "clang-9": 9, "clang-x": 1})
	got := InstalledClangs()
	if len(got) != 2 || got[0].Version != 14 || got[0].Cxx != "" || got[1].Version != 19 || filepath.Base(got[1].Cxx) != "clang++-19" {
		t.Errorf("got %+v", got)
	}
}
