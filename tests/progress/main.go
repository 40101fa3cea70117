// Command progress runs go test and shows which package runs, so that a
// long "make test" is not silent for minutes: it runs
//
//	go test -json ARGS...
//
// and prints a line when a package starts, go test's usual "ok"/"FAIL"
// line when it ends (with the output of its failing tests), a line every
// minute naming the tests still running, and a closing count of tests.
// Build errors are printed as they come. Its exit status is go test's.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strings"
	"sync"
	"time"
)

// event is one line of go test -json (cmd/test2json).
type event struct {
	Action  string
	Package string
	Test    string
	Elapsed float64
	Output  string
}

// pkgState is what is known of a running package.
type pkgState struct {
	start   time.Time
	running map[string]time.Time // top-level tests now running
	output  map[string][]string  // per test ("" for the package) its output
	failed  []string             // tests that failed, in order
}

type progress struct {
	mu                      sync.Mutex
	out                     io.Writer
	pkgs                    map[string]*pkgState
	passed, failed, skipped int
	failedPkgs              []string
	skips                   []skip  // every skipped test, with its reason
	durations               []timed // every top-level test that ended
}

// timed is a top-level test and its run time, for the list of the slowest.
type timed struct {
	name    string // package/test
	elapsed float64
}

// slowest is how many of the slowest tests the summary names: where to
// look when make test approaches its 10-minute budget.
const slowest = 10

// maxReason bounds a skip reason in the summary.
const maxReason = 240

// skip is a skipped test and the reason it logged (its t.Skip message).
type skip struct {
	pkg, test, reason string
}

func main() {
	os.Exit(run("", os.Args[1:], os.Stdout, os.Stderr))
}

// run runs go test -json args in dir ("" for the current directory) and
// returns its exit status.
func run(dir string, args []string, stdout, stderr io.Writer) int {
	cmd := exec.Command("go", append([]string{"test", "-json"}, args...)...)
	cmd.Dir = dir
	cmd.Stderr = stderr
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	p := &progress{out: stdout, pkgs: map[string]*pkgState{}}
	stop := make(chan struct{})
	go p.heartbeat(stop, time.Minute)
	p.read(pipe)
	close(stop)
	err = cmd.Wait()
	p.closing()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		return ee.ExitCode()
	}
	fmt.Fprintln(stderr, err)
	return 2
}

// read handles the events; a line that is not JSON (go test's own
// messages) is printed as it is.
func (p *progress) read(r io.Reader) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &e) != nil {
			p.print(string(line) + "\n")
			continue
		}
		p.handle(e)
	}
	if err := sc.Err(); err != nil {
		// a line too long to scan: pass the rest through, so go test
		// never blocks on a full pipe
		p.print("progress: " + err.Error() + "\n")
		p.mu.Lock()
		io.Copy(p.out, r)
		p.mu.Unlock()
	}
}

func (p *progress) print(s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	io.WriteString(p.out, s)
}

func (p *progress) handle(e event) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch e.Action {
	case "build-output":
		io.WriteString(p.out, e.Output)
		return
	case "start":
		p.pkgs[e.Package] = &pkgState{start: time.Now(), running: map[string]time.Time{}, output: map[string][]string{}}
		fmt.Fprintf(p.out, "▶ %s\n", e.Package)
		return
	}
	st := p.pkgs[e.Package]
	if st == nil { // a package without a start event (older go)
		st = &pkgState{start: time.Now(), running: map[string]time.Time{}, output: map[string][]string{}}
		p.pkgs[e.Package] = st
	}
	top := !strings.Contains(e.Test, "/")
	switch e.Action {
	case "output":
		st.output[e.Test] = append(st.output[e.Test], e.Output)
	case "run":
		if e.Test != "" && top {
			st.running[e.Test] = time.Now()
		}
	case "pass", "fail", "skip":
		if e.Test != "" {
			delete(st.running, e.Test)
			if top {
				p.durations = append(p.durations, timed{e.Package + " " + e.Test, e.Elapsed})
			}
			switch e.Action {
			case "pass":
				p.passed++
			case "fail":
				p.failed++
				st.failed = append(st.failed, e.Test)
			case "skip":
				p.skipped++
				p.skips = append(p.skips, skip{e.Package, e.Test, skipReason(st.output[e.Test])})
			}
			if e.Action != "fail" {
				delete(st.output, e.Test) // only failing tests' output is printed
			}
			return
		}
		p.endPackage(e, st)
	}
}

// endPackage prints go test's line for a package, after the output of its
// failing tests (and its own output, which holds panics and build errors).
func (p *progress) endPackage(e event, st *pkgState) {
	delete(p.pkgs, e.Package)
	switch e.Action {
	case "pass":
		fmt.Fprintf(p.out, "ok  \t%s\t%.3fs\n", e.Package, e.Elapsed)
	case "skip":
		fmt.Fprintf(p.out, "?   \t%s\t[no test files]\n", e.Package)
	case "fail":
		for _, t := range st.failed {
			for _, l := range st.output[t] {
				io.WriteString(p.out, l)
			}
		}
		if len(st.failed) == 0 || hasPanic(st.output[""]) {
			for _, l := range st.output[""] {
				io.WriteString(p.out, l)
			}
		}
		fmt.Fprintf(p.out, "FAIL\t%s\t%.3fs\n", e.Package, e.Elapsed)
		p.failedPkgs = append(p.failedPkgs, e.Package)
	}
}

// skipReason is what a skipped test logged, without go test's own
// "--- SKIP" line and the file:line prefix of t.Skip: the reason it gives.
func skipReason(lines []string) string {
	var parts []string
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "=== ") || strings.HasPrefix(l, "--- SKIP") {
			continue
		}
		if i := strings.Index(l, ".go:"); i >= 0 {
			if j := strings.Index(l[i+4:], ": "); j >= 0 {
				l = l[i+4+j+2:]
			}
		}
		parts = append(parts, l)
	}
	if len(parts) == 0 {
		return "no reason given"
	}
	return strings.Join(parts, " ")
}

func hasPanic(lines []string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, "panic:") || strings.Contains(l, "test timed out") {
			return true
		}
	}
	return false
}

// heartbeat names the tests still running every interval.
func (p *progress) heartbeat(stop <-chan struct{}, every time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
			p.mu.Lock()
			var names []string
			for pkg, st := range p.pkgs {
				var tests []string
				for t, since := range st.running {
					tests = append(tests, fmt.Sprintf("%s %s", t, time.Since(since).Round(time.Second)))
				}
				sort.Strings(tests)
				s := fmt.Sprintf("%s (%s)", pkg, time.Since(st.start).Round(time.Second))
				if len(tests) > 0 {
					s += ": " + strings.Join(tests, ", ")
				}
				names = append(names, s)
			}
			sort.Strings(names)
			for _, n := range names {
				fmt.Fprintf(p.out, "  … still running %s\n", n)
			}
			p.mu.Unlock()
		}
	}
}

// closing prints the count of tests, in the plain form CI logs are read
// for ("N passed, N failed, N skipped").
func (p *progress) closing() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.failedPkgs) > 0 {
		fmt.Fprintf(p.out, "failed packages: %s\n", strings.Join(p.failedPkgs, " "))
	}
	if len(p.skips) > 0 {
		sort.Slice(p.skips, func(i, j int) bool {
			a, b := p.skips[i], p.skips[j]
			return a.pkg < b.pkg || a.pkg == b.pkg && a.test < b.test
		})
		fmt.Fprintf(p.out, "skipped tests:\n")
		for _, s := range p.skips {
			reason := s.reason
			if len(reason) > maxReason {
				reason = reason[:maxReason] + " …"
			}
			fmt.Fprintf(p.out, "  %s %s: %s\n", s.pkg, s.test, reason)
		}
	}
	if len(p.durations) > 0 {
		sort.SliceStable(p.durations, func(i, j int) bool { return p.durations[i].elapsed > p.durations[j].elapsed })
		n := min(slowest, len(p.durations))
		fmt.Fprintf(p.out, "slowest tests:\n")
		for _, d := range p.durations[:n] {
			fmt.Fprintf(p.out, "  %7.1fs %s\n", d.elapsed, d.name)
		}
	}
	fmt.Fprintf(p.out, "tests: %d passed, %d failed, %d skipped\n", p.passed, p.failed, p.skipped)
}
