package diff

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/checkfence/checkfence/refcheck"
)

// Job names one case: a generated program (Seed, Large) or a case file.
type Job struct {
	Seed  int64 `json:",omitempty"`
	Large bool  `json:",omitempty"` // refcheck.LargeGen instead of SmallGen
	// Bounded: only loops with a bound (GenConfig.Unbounded false), which
	// converge without fair progress too.
	Bounded bool `json:",omitempty"`
	// Reload: programs rich in reload loops (refcheck.ReloadGen).
	Reload bool `json:",omitempty"`
	// Push: pushes of fresh nodes and readers of them (refcheck.PushGen).
	Push bool `json:",omitempty"`
	// Silent: programs rich in test-and-set spins (refcheck.SilentGen).
	Silent bool `json:",omitempty"`
	// Faint: wait loops with counters nothing reads (refcheck.FaintGen).
	Faint bool `json:",omitempty"`
	// Chain: wait loops whose rounds are chains of read-modify-writes
	// (refcheck.ChainGen).
	Chain bool `json:",omitempty"`
	// Spurious: wait loops whose rounds may wake spuriously
	// (refcheck.SpuriousGen).
	Spurious bool `json:",omitempty"`
	// Separators: fences and atomic blocks of every shape between
	// accesses (refcheck.SmallSepGen).
	Separators bool `json:",omitempty"`
	// Fenced: a full fence after every access and atomic block
	// (refcheck.GenConfig.FullyFenced).
	Fenced bool   `json:",omitempty"`
	File   string `json:",omitempty"`
	// Models, when set, replaces a File case's own models (space
	// separated): make test's sample of a corner the reference is slow on.
	Models string `json:",omitempty"`
}

func (j Job) String() string {
	if j.File != "" {
		return j.File
	}
	name := fmt.Sprintf("seed %d", j.Seed)
	if j.Large {
		name += " (large)"
	}
	if j.Bounded {
		name += " (bounded loops)"
	}
	if j.Reload {
		name += " (reload loops)"
	}
	if j.Push {
		name += " (pushes)"
	}
	if j.Silent {
		name += " (exchange spins)"
	}
	if j.Faint {
		name += " (faint counters)"
	}
	if j.Chain {
		name += " (chain rounds)"
	}
	if j.Spurious {
		name += " (spurious wakeups)"
	}
	if j.Separators {
		name += " (separators)"
	}
	if j.Fenced {
		name += " (fenced)"
	}
	return name
}

// Case builds the job's case.
func (j Job) Case() (*refcheck.Case, error) {
	if j.File != "" {
		src, err := os.ReadFile(j.File)
		if err != nil {
			return nil, err
		}
		c, err := refcheck.ParseCase(j.File, src)
		if err == nil && j.Models != "" {
			c.Models = strings.Fields(j.Models)
		}
		return c, err
	}
	cfg := refcheck.SmallGen
	if j.Large {
		cfg = refcheck.LargeGen
	}
	if j.Reload {
		cfg = refcheck.ReloadGen
	}
	if j.Push {
		cfg = refcheck.PushGen
	}
	if j.Silent {
		cfg = refcheck.SilentGen
	}
	if j.Faint {
		cfg = refcheck.FaintGen
	}
	if j.Chain {
		cfg = refcheck.ChainGen
	}
	if j.Spurious {
		cfg = refcheck.SpuriousGen
	}
	if j.Separators {
		cfg = refcheck.SmallSepGen
	}
	cfg.Unbounded = cfg.Unbounded && !j.Bounded
	cfg.FullyFenced = j.Fenced
	return refcheck.ParseCase(j.String(), []byte(refcheck.Generate(j.Seed, cfg)))
}

// Outcome is the result of one job. Crash is set when the engine took the
// whole process down (a log.Fatal in the SAT solver, say): the worker died
// before answering.
type Outcome struct {
	Job    Job
	Report *Report
	Crash  string `json:",omitempty"`
	Err    string `json:",omitempty"` // the case could not be built
}

// wireConfig is Config as sent to a worker process.
type wireConfig struct {
	Models    []string
	Encodings []string
	Verdicts  bool
	Timeout   time.Duration
	Unfair    bool
	NoReload  bool
}

func (c Config) wire() wireConfig {
	w := wireConfig{Models: c.Models, Verdicts: c.Verdicts, Timeout: c.Timeout, Unfair: c.Unfair, NoReload: c.NoReload}
	for _, e := range c.Encodings {
		w.Encodings = append(w.Encodings, e.Name)
	}
	return w
}

func (w wireConfig) config() (Config, error) {
	c := Config{Models: w.Models, Verdicts: w.Verdicts, Timeout: w.Timeout, Unfair: w.Unfair, NoReload: w.NoReload}
	for _, name := range w.Encodings {
		found := false
		for _, e := range Encodings {
			if e.Name == name {
				c.Encodings = append(c.Encodings, e)
				found = true
			}
		}
		if !found {
			return c, fmt.Errorf("unknown encoding %q", name)
		}
	}
	return c, nil
}

// RunJob compares one job in this process.
func RunJob(ctx context.Context, j Job, cfg Config) Outcome {
	c, err := j.Case()
	if err != nil {
		return Outcome{Job: j, Err: err.Error()}
	}
	return Outcome{Job: j, Report: Compare(ctx, c, cfg)}
}

// Serve is the worker side: it reads a configuration and then jobs, one
// JSON value per line, and answers each job with an Outcome line.
func Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	if !sc.Scan() {
		return sc.Err()
	}
	var wc wireConfig
	if err := json.Unmarshal(sc.Bytes(), &wc); err != nil {
		return err
	}
	cfg, err := wc.config()
	if err != nil {
		return err
	}
	enc := json.NewEncoder(out)
	for sc.Scan() {
		var j Job
		if err := json.Unmarshal(sc.Bytes(), &j); err != nil {
			return err
		}
		if err := enc.Encode(RunJob(ctx, j, cfg)); err != nil {
			return err
		}
	}
	return sc.Err()
}

// worker is one child process running Serve.
type worker struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Scanner
	stderr *tailBuffer
}

func startWorker(argv, env []string, cfg Config) (*worker, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), env...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	w := &worker{cmd: cmd, in: in, out: bufio.NewScanner(out), stderr: &tailBuffer{max: 4000}}
	w.out.Buffer(make([]byte, 1<<20), 16<<20)
	cmd.Stderr = w.stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	line, _ := json.Marshal(cfg.wire())
	if _, err := fmt.Fprintf(in, "%s\n", line); err != nil {
		w.stop()
		return nil, err
	}
	return w, nil
}

// run sends one job and waits for its outcome; ok is false if the worker
// died (it is then stopped and must be replaced).
func (w *worker) run(j Job) (Outcome, bool) {
	line, _ := json.Marshal(j)
	if _, err := fmt.Fprintf(w.in, "%s\n", line); err == nil && w.out.Scan() {
		var o Outcome
		if err := json.Unmarshal(w.out.Bytes(), &o); err == nil {
			return o, true
		}
	}
	w.stop()
	crash := strings.TrimSpace(w.stderr.String())
	if crash == "" {
		// killed from outside (the OOM killer), or it exited quietly:
		// still a crash, never an outcome without a report
		crash = "the worker process ended without a word"
		if st := w.cmd.ProcessState; st != nil {
			crash += " (" + st.String() + ")"
		}
	}
	return Outcome{Job: j, Crash: crash}, false
}

func (w *worker) stop() {
	w.in.Close()
	if w.cmd.Process != nil {
		w.cmd.Process.Kill()
	}
	w.cmd.Wait()
}

// RunIsolated runs the jobs in parallel worker processes (argv with env
// must start a process that calls Serve on its stdin and stdout), so that
// an engine that kills its process is reported as a crash of that job and
// the run goes on. report is called once per job, from one goroutine at a
// time.
func RunIsolated(ctx context.Context, argv, env []string, cfg Config, workers int, jobs <-chan Job, report func(Outcome)) error {
	var mu sync.Mutex
	var firstErr error
	var wg sync.WaitGroup
	for k := 0; k < workers; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var w *worker
			defer func() {
				if w != nil {
					w.stop()
				}
			}()
			for j := range jobs {
				if ctx.Err() != nil {
					continue
				}
				if w == nil {
					var err error
					if w, err = startWorker(argv, env, cfg); err != nil {
						mu.Lock()
						if firstErr == nil {
							firstErr = err
						}
						mu.Unlock()
						continue
					}
				}
				o, ok := w.run(j)
				if !ok {
					w = nil
				}
				mu.Lock()
				report(o)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return firstErr
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf bytes.Buffer
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf.Write(p)
	if over := t.buf.Len() - t.max; over > 0 {
		t.buf.Next(over)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.buf.String()
}
