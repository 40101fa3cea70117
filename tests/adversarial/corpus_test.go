package adversarial

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	binFlag   = flag.String("bin", "", "run the corpus against this binary instead of building one")
	tableFlag = flag.Bool("table", false, "print the well/poor/crash/hang table instead of failing on each case")
	runFlag   = flag.String("case", "", "run only the cases whose name matches this regexp")
	jobsFlag  = flag.Int("jobs", 2, "cases to run at once")
	slackFlag = flag.Float64("slack", 0, "multiply the wall-time limits by this (default: the machine's load per CPU, at least 1)")
)

var bin string

func TestMain(m *testing.M) {
	flag.Parse()
	dir, err := os.MkdirTemp("", "checkfence-adversarial-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	bin = *binFlag
	if bin == "" {
		bin = filepath.Join(dir, "checkfence")
		out, err := exec.Command("go", "build", "-o", bin, "github.com/checkfence/checkfence/cmd/checkfence").CombinedOutput()
		if err != nil {
			fmt.Fprintf(os.Stderr, "building checkfence: %v\n%s", err, out)
			os.Exit(1)
		}
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func TestCorpusSize(t *testing.T) {
	cs := All()
	if len(cs) < 200 {
		t.Errorf("the corpus has %d cases, want at least 200", len(cs))
	}
	seen := map[string]bool{}
	for _, c := range cs {
		id := c.Category + "/" + c.Name
		if seen[id] {
			t.Errorf("duplicate case %q", id)
		}
		seen[id] = true
		if _, err := regexp.Compile(c.Want.Msg); err != nil {
			t.Errorf("%s: bad regexp: %v", c.Name, err)
		}
		if _, err := regexp.Compile(c.Want.NotMsg); err != nil {
			t.Errorf("%s: bad regexp: %v", c.Name, err)
		}
	}
}

// TestCorpus runs every case through the binary (two at a time: the
// limit cases measure wall time and memory, which a loaded machine
// distorts).
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("the corpus runs the binary a few hundred times")
	}
	var sel *regexp.Regexp
	if *runFlag != "" {
		sel = regexp.MustCompile(*runFlag)
	}
	var cases []*Case
	for _, c := range All() {
		if sel == nil || sel.MatchString(c.Category+"/"+c.Name) {
			cases = append(cases, c)
		}
	}
	r := &Runner{Bin: bin, Ceiling: 2 << 30, Grace: 5 * time.Second, Slack: LoadSlack()}
	if *slackFlag > 0 {
		r.Slack = *slackFlag
	}
	t.Logf("machine load: wall-time limits × %.1f", r.Slack)
	if *tableFlag {
		r.Grace = 15 * time.Second
	}
	tmp := t.TempDir()
	outs := make([]*Outcome, len(cases))
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(1, *jobsFlag))
	for i, c := range cases {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			o, err := r.Run(c, tmp)
			if err != nil {
				t.Errorf("%s: %v", c.Name, err)
				o = &Outcome{Case: c, Class: Poor, Why: err.Error()}
			}
			outs[i] = o
		}()
	}
	wg.Wait()
	if *tableFlag {
		var b strings.Builder
		WriteTable(&b, outs)
		t.Log("\n" + b.String())
		return
	}
	for _, o := range outs {
		switch {
		case o.Class == Skipped:
			t.Logf("%s [%s]: skipped: %s", o.Case.Name, o.Case.Category, o.Why)
		case o.Case.Gap != "" && o.Class == Poor:
			t.Logf("%s [%s]: known gap: %s", o.Case.Name, o.Case.Category, o.Case.Gap)
		case o.Case.Gap != "" && o.Class == Well:
			t.Logf("%s [%s]: known gap %q no longer shows: remove the note", o.Case.Name, o.Case.Category, o.Case.Gap)
		case o.Class != Well:
			t.Errorf("%s [%s]: %s: %s (exit %d, %v, peak %d MiB)\nstdout: %s\nstderr: %s",
				o.Case.Name, o.Case.Category, o.Class, o.Why, o.Exit, o.Wall.Round(time.Millisecond), o.PeakRSS>>20,
				clip(o.Stdout), clip(o.Stderr))
		}
	}
}

func clip(s string) string {
	if len(s) > 600 {
		return s[:600] + "…"
	}
	return s
}

func TestCorpusCount(t *testing.T) {
	n := map[string]int{}
	for _, c := range All() {
		n[c.Category]++
	}
	t.Logf("%d cases: %v", len(All()), n)
}
