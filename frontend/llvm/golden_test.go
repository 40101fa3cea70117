package llvmfront

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/lsl"
)

var update = flag.Bool("update", false, "rewrite the golden .lsl files")

// TestGolden translates each testdata/golden/*.ll and compares the printed
// LSL with the .lsl file next to it (go test -update rewrites them). The
// .ll files were compiled by clang-14 from the .c files next to them
// (cd frontend/llvm; clang-14 -S -emit-llvm -g -O0 -nostdlibinc
// -I include/llvm -I ../headers/include testdata/golden/X.c -o testdata/golden/X.ll;
// the _O1 files with -O1), except handwritten.ll.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/golden/*.ll")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden inputs: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".ll")
		t.Run(name, func(t *testing.T) {
			p, err := Translate([]string{file})
			if err != nil {
				t.Fatal(err)
			}
			golden(t, strings.TrimSuffix(file, ".ll")+".lsl", lsl.Format(p, lsl.PrintOptions{}))
		})
	}
}

func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the translation (go test -update rewrites it):\n%s", path, got)
	}
}

// The golden programs round-trip through the LSL parser.
func TestGoldenParses(t *testing.T) {
	files, _ := filepath.Glob("testdata/golden/*.ll")
	for _, file := range files {
		p, err := Translate([]string{file})
		if err != nil {
			t.Fatal(err)
		}
		text := lsl.Format(p, lsl.PrintOptions{})
		q, err := lsl.ParseFiles([]lsl.SourceFile{{Name: file + ".lsl", Src: []byte(text)}})
		if err != nil {
			t.Errorf("%s: the printed translation does not parse: %v", file, err)
			continue
		}
		if again := lsl.Format(q, lsl.PrintOptions{}); again != text {
			t.Errorf("%s: printing the parsed translation differs", file)
		}
	}
}
