// Package gccref runs C test functions compiled by gcc, as the reference
// that both front ends' semantics tests compare the LSL interpreter with:
// each test_* function takes no arguments and returns an int.
package gccref

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/lsl"
)

// Tests lists the procedures of p that are test functions: test_* without
// parameters, with one result.
func Tests(p *lsl.Program) []string {
	var tests []string
	for _, q := range p.Procs {
		if strings.HasPrefix(q.Name, "test_") && len(q.Params) == 0 && len(q.Results) == 1 {
			tests = append(tests, q.Name)
		}
	}
	return tests
}

// Build compiles file with gcc and a main that runs the test named by
// argv[1] and prints its result. It returns "" when gcc is not installed.
func Build(t testing.TB, file string, tests []string) string {
	t.Helper()
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Logf("gcc not found; results not compared: %v", err)
		return ""
	}
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("#include <stdio.h>\n#include <string.h>\n")
	for _, name := range tests {
		fmt.Fprintf(&b, "int %s(void);\n", name)
	}
	b.WriteString("int main(int argc, char **argv) {\n")
	for _, name := range tests {
		fmt.Fprintf(&b, "\tif (argc > 1 && strcmp(argv[1], %q) == 0) { printf(\"%%d\\n\", %s()); return 0; }\n", name, name)
	}
	b.WriteString("\treturn 1;\n}\n")
	mainFile := filepath.Join(dir, "main.c")
	if err := os.WriteFile(mainFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "prog")
	out, err := exec.Command(gcc, "-std=gnu99", "-w", "-O0", "-o", bin, file, mainFile).CombinedOutput()
	if err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	return bin
}

// Compare runs each test of p with the LSL interpreter and, when bin is
// not "", compares its result with what bin prints for it.
func Compare(t *testing.T, p *lsl.Program, bin string, tests []string) {
	t.Helper()
	for _, name := range tests {
		res, err := lsl.Run(p, name, nil, lsl.InterpOptions{})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		got := res.Results[0]
		if got.Kind != lsl.KNum {
			t.Errorf("%s returned %v", name, got)
			continue
		}
		if bin == "" {
			continue
		}
		out, err := exec.Command(bin, name).Output()
		if err != nil {
			t.Fatalf("running %s %s: %v", bin, name, err)
		}
		want, err := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64)
		if err != nil {
			t.Fatalf("gcc output %q: %v", out, err)
		}
		if got.Num != want {
			t.Errorf("%s: LSL gives %d, gcc gives %d", name, got.Num, want)
		}
	}
}
