package cfront

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

// TestSemanticsAgainstGCC runs every test_* function of testdata/sem/*.c
// with the LSL interpreter and compares the result with the same C code
// compiled by gcc (when gcc is available; without it, the interpreter runs
// must still succeed).
func TestSemanticsAgainstGCC(t *testing.T) {
	files, err := filepath.Glob("testdata/sem/*.c")
	if err != nil || len(files) == 0 {
		t.Fatalf("no inputs: %v", err)
	}
	gcc, gccErr := exec.LookPath("gcc")
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			p := mustTranslate(t, Source{Name: filepath.Base(file), Text: src})
			var tests []string
			for _, q := range p.Procs {
				if strings.HasPrefix(q.Name, "test_") && len(q.Params) == 0 && len(q.Results) == 1 {
					tests = append(tests, q.Name)
				}
			}
			if len(tests) == 0 {
				t.Fatal("no test_ functions")
			}
			var bin string
			if gccErr == nil {
				bin = compileWithGCC(t, gcc, file, tests)
			}
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
		})
	}
	if gccErr != nil {
		t.Logf("gcc not found; results not compared: %v", gccErr)
	}
}

// compileWithGCC builds file with a main that runs the test named by argv[1].
func compileWithGCC(t *testing.T, gcc, file string, tests []string) string {
	t.Helper()
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
