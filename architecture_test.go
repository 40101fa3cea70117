package checkfence

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// layers are the import layers of docs/architecture.md: a package may
// import only packages of lower layers. A new package needs a row here
// and in the document.
var layers = map[string]int{
	"internal/gini": 0, "internal/limits": 0, "diag": 0, "frontend/headers": 0, "frontend/scanf": 0,
	"lsl": 1, "encode/sat": 1, "encode/bv": 1,
	"internal/source": 2, "frontend/litmus": 2,
	"axioms": 3, "cat": 3, "frontend": 3, "internal/gccref": 3,
	"memmodel": 4, "trace": 4, "frontend/c": 4, "frontend/llvm": 4,
	"encode": 5, "refcheck": 5, "internal/clangtest": 5,
	"mining": 6,
	"report": 7, "synth": 7, "litmusrun": 7, "refcheck/diff": 7,
	".": 8, "cmd/checkfence": 8, "refcheck/cmd/fuzzdiff": 8, "tests/datatypes": 8,
	"tests": 9, "tests/bench": 9, "tests/adversarial": 9, "tests/progress": 9,
}

const modulePath = "github.com/checkfence/checkfence"

// layerOf is the layer of a package directory (gini's own subpackages
// count as gini).
func layerOf(dir string) (int, bool) {
	if strings.HasPrefix(dir, "internal/gini/") {
		dir = "internal/gini"
	}
	n, ok := layers[dir]
	return n, ok
}

// TestNoUpwardImports reads the imports of every non-test Go file and
// requires each project import to go to a lower layer.
func TestNoUpwardImports(t *testing.T) {
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		dir := filepath.ToSlash(filepath.Dir(path))
		from, ok := layerOf(dir)
		if !ok {
			t.Errorf("%s: package %s has no layer (add it to layers and docs/architecture.md)", path, dir)
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if p != modulePath && !strings.HasPrefix(p, modulePath+"/") {
				continue
			}
			to := strings.TrimPrefix(strings.TrimPrefix(p, modulePath), "/")
			if to == "" {
				to = "."
			}
			if strings.HasPrefix(dir, "internal/gini") && strings.HasPrefix(to, "internal/gini") {
				continue
			}
			if n, ok := layerOf(to); !ok || n >= from {
				t.Errorf("%s: %s (layer %d) imports %s (layer %d): not a lower layer", path, dir, from, to, n)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
