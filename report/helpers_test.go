package report

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/checkfence/checkfence/frontend"
	_ "github.com/checkfence/checkfence/frontend/c" // registers .c
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/trace"
)

var (
	update         = flag.Bool("update", false, "rewrite the golden files in testdata/golden")
	updateFixtures = flag.Bool("update-fixtures", false, "rerun the checks saved in testdata/fixtures and rewrite them")
)

// check runs every test of testdata/<tst> on the implementation
// testdata/<impl> (.lsl, or .c through the C front end) under the named
// model and returns the results in test order. Results are cached:
// several tests render the same checks.
func check(t *testing.T, impl, tst, model string) []*mining.Result {
	t.Helper()
	return checkWith(t, impl, tst, model, "", nil)
}

// checkWith is check with options adjusted by adjust, which tag names in
// the cache.
func checkWith(t *testing.T, impl, tst, model, tag string, adjust func(*mining.Options)) []*mining.Result {
	t.Helper()
	key := impl + "|" + tst + "|" + model + "|" + tag
	checkCache.Lock()
	defer checkCache.Unlock()
	if rs, ok := checkCache.m[key]; ok {
		return rs
	}
	// positions name the files as testdata/…, relative to the package
	// directory, so the sources are found for snippets
	implPath := filepath.Join("testdata", impl)
	src, err := os.ReadFile(implPath)
	if err != nil {
		t.Fatal(err)
	}
	var prog *lsl.Program
	if strings.HasSuffix(impl, ".c") {
		prog, err = frontend.Load([]string{implPath})
	} else {
		prog, err = lsl.ParseFiles([]lsl.SourceFile{{Name: implPath, Src: src}})
	}
	if err != nil {
		t.Fatal(err)
	}
	tstPath := filepath.Join("testdata", tst)
	tsrc, err := os.ReadFile(tstPath)
	if err != nil {
		t.Fatal(err)
	}
	tf, err := lsl.ParseTests(tstPath, tsrc)
	if err != nil {
		t.Fatal(err)
	}
	m, ok := memmodel.Builtin(model)
	if !ok {
		t.Fatalf("no built-in model %s", model)
	}
	opt := mining.Options{Model: m, Witness: true}
	if adjust != nil {
		adjust(&opt)
	}
	var out []*mining.Result
	for _, test := range tf.Tests {
		r, err := mining.Check(context.Background(), prog, test, opt)
		if err != nil {
			t.Fatalf("%s: %v", test.Name, err)
		}
		out = append(out, r)
	}
	checkCache.m[key] = out
	return out
}

var checkCache = struct {
	sync.Mutex
	m map[string][]*mining.Result
}{m: map[string][]*mining.Result{}}

// result returns the result of the named test.
func result(t *testing.T, rs []*mining.Result, name string) *mining.Result {
	t.Helper()
	for _, r := range rs {
		if r.Test == name {
			return r
		}
	}
	t.Fatalf("no result for test %s", name)
	return nil
}

// golden compares got with testdata/golden/<name>, or rewrites it with
// -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./report -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (run with -update to accept):\n%s", name, firstDiff(string(want), string(got)))
	}
}

// firstDiff shows the first line where want and got differ.
func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + strconv.Itoa(i+1) + ":\n  want: " + w + "\n  got:  " + g
		}
	}
	return "(no line differs)"
}

// fixture is a checked result saved as JSON. The golden traces render
// fixtures rather than fresh results, so they test the rendering and do
// not change whenever an engine change makes the solver pick another
// counterexample; -update-fixtures refreshes them from the engine.
type fixture struct {
	Test        string
	Verdict     mining.Verdict
	Reason      string
	Message     string
	Trace       *trace.Execution
	Observation *trace.Observation
	Mined       []trace.Observation
	Blocks      []*lsl.BlockInfo // memory blocks, to name pointer values
}

// fixtureResult returns the saved result testdata/fixtures/<name>.json of
// the given test (with -update-fixtures: checks it first and saves it).
func fixtureResult(t *testing.T, name, impl, tst, model, test string) *mining.Result {
	t.Helper()
	path := filepath.Join("testdata", "fixtures", name+".json")
	if *updateFixtures {
		r := result(t, check(t, impl, tst, model), test)
		fx := fixture{Test: r.Test, Verdict: r.Verdict, Reason: r.Reason, Message: r.Message,
			Trace: r.Trace, Observation: r.Observation, Mined: r.Mined, Blocks: r.Trace.Program.Blocks}
		b, err := json.MarshalIndent(fx, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./report -update-fixtures -update to create it)", err)
	}
	var fx fixture
	if err := json.Unmarshal(b, &fx); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	implPath := filepath.Join("testdata", impl)
	src, err := os.ReadFile(implPath)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := lsl.ParseFiles([]lsl.SourceFile{{Name: implPath, Src: src}})
	if err != nil {
		t.Fatal(err)
	}
	if fx.Trace != nil {
		fx.Trace.Program = &lsl.Unrolled{Prog: prog, Blocks: fx.Blocks}
	}
	return &mining.Result{Test: fx.Test, Verdict: fx.Verdict, Reason: fx.Reason, Message: fx.Message,
		Trace: fx.Trace, Observation: fx.Observation, Mined: fx.Mined}
}
