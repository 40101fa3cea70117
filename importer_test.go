package checkfence_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestImportWithoutReplace builds a program of another module that
// imports checkfence, as a user's would be, with only a replace for
// checkfence itself (it is not fetched from the network here): the
// module must need nothing else (Go ignores a dependency's replace
// directives, so a patched dependency used through one would be missing
// from the importer's build).
func TestImportWithoutReplace(t *testing.T) {
	if testing.Short() {
		t.Skip("builds another module")
	}
	mod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(mod), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "replace") {
			t.Errorf("go.mod has %q: a program importing checkfence would have to repeat it", line)
		}
	}
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	goVersion := "1.26"
	for _, line := range strings.Split(string(mod), "\n") {
		if v, ok := strings.CutPrefix(line, "go "); ok {
			goVersion = strings.TrimSpace(v)
		}
	}
	write("go.mod", "module example.com/user\n\ngo "+goVersion+"\n\nrequire github.com/checkfence/checkfence v0.0.0\n\nreplace github.com/checkfence/checkfence => "+root+"\n")
	write("main.go", `package main

import (
	"context"
	"fmt"

	"github.com/checkfence/checkfence"
)

func main() {
	prog, err := checkfence.Load("`+root+`/tests/datatypes/msn/msn.c", "`+root+`/tests/datatypes/msn/harness.c", "`+root+`/tests/datatypes/msn/msn.tst")
	if err != nil {
		panic(err)
	}
	r, err := prog.Check(context.Background(), "T0", checkfence.Options{Model: "sc"})
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Verdict)
}
`)
	// the requirements of checkfence's go.mod, resolved from the module
	// cache with checkfence's checksums (no network): the build fails on
	// a module checkfence needs that only a replace of its own provides
	sum, err := os.ReadFile("go.sum")
	if err != nil {
		t.Fatal(err)
	}
	write("go.sum", string(sum))
	env := append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "GOSUMDB=off")
	run := exec.Command("go", "run", ".")
	run.Dir, run.Env = dir, env
	out, err := run.CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "PASS" {
		t.Fatalf("go run in an importing module: %v\n%s", err, out)
	}
}
