package cfront

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/lsl"
)

// TestGolden translates each testdata/golden/*.c and compares the printed
// LSL with the .lsl file next to it (go test -update rewrites them).
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/golden/*.c")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden inputs: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".c")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			p := mustTranslate(t, Source{Name: name + ".c", Text: src})
			golden(t, filepath.Join("golden", name+".lsl"), lsl.Format(p, lsl.PrintOptions{}))
		})
	}
}
