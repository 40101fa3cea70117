package adversarial

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Class is how well a case was handled.
type Class string

const (
	Well  Class = "well"
	Poor  Class = "poor"
	Crash Class = "crash"
	Hang  Class = "hang"
	// Skipped cases could not be set up (an unreadable file, as root).
	Skipped Class = "skipped"
)

var errSkip = errors.New("skip")

// Classes in table order.
var Classes = []Class{Well, Poor, Crash, Hang}

// Case is one hostile input and what the tool must do with it.
type Case struct {
	Name     string
	Category string            // c, tst, lsl, mm, litmus, ll, cli
	Files    map[string]string // written into a fresh directory
	Setup    func(dir string) error
	Args     []string // the command line, relative to the directory
	// Interrupt, if set, sends SIGINT after this long (Ctrl-C), or Signal
	// when it is set (SIGTERM, as CI systems send).
	Interrupt time.Duration
	Signal    os.Signal
	Want      Want
	// Check, if set, inspects the directory after the run (files the
	// command must or must not have written): "" when all is well, else
	// what is wrong.
	Check func(dir string, o *Outcome) string
	// Gap names a known shortcoming (what the tool does instead of Want):
	// the case counts as poor in the table, but TestCorpus only logs it.
	Gap string
}

// Want is the expected behaviour.
type Want struct {
	Exit   int    // exit status
	OrExit []int  // other acceptable exit statuses
	Msg    string // regexp that stdout+stderr must match
	// NotMsg is a regexp that stdout+stderr must not match (text the
	// tool must not show).
	NotMsg string
	// Limit is the wall time the run must end within (default 10s).
	Limit time.Duration
	// MaxMemory is the --max-memory given, in bytes: the peak RSS must stay
	// within 10% of it (0: no such check).
	MaxMemory int64
}

// Outcome is what running a case gave.
type Outcome struct {
	Case    *Case
	Class   Class
	Why     string // for all but Well
	Exit    int
	Wall    time.Duration
	PeakRSS int64 // bytes
	Stdout  string
	Stderr  string
}

// Runner runs cases against one binary.
type Runner struct {
	Bin string
	// Ceiling is the RSS at which a run is killed and counted as a crash
	// (it would have run out of memory): it keeps the corpus from taking
	// down a shared machine.
	Ceiling int64
	// Grace is how long past its limit a run may go on before it is
	// killed (it is a hang either way).
	Grace time.Duration
	// Slack multiplies the wall-time limits: on a machine with more
	// runnable processes than cores, a process gets a fraction of a core,
	// and its start-up and front end take that much longer (see LoadSlack).
	Slack float64
}

// LoadSlack is the factor by which the machine is oversubscribed: the
// one-minute load average per CPU, at least 1.
func LoadSlack() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 1
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 1
	}
	load, err := strconv.ParseFloat(f[0], 64)
	if err != nil {
		return 1
	}
	return max(1, load/float64(runtime.NumCPU()))
}

var crashText = regexp.MustCompile(`goroutine \d+ \[|fatal error:|panic:|SIGSEGV`)

const defaultLimit = 10 * time.Second

// Run runs one case in a fresh directory under tmp.
func (r *Runner) Run(c *Case, tmp string) (*Outcome, error) {
	dir, err := os.MkdirTemp(tmp, "case-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	for name, text := range c.Files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			return nil, err
		}
	}
	if c.Setup != nil {
		if err := c.Setup(dir); err == errSkip {
			return &Outcome{Case: c, Class: Skipped, Why: "cannot be set up here"}, nil
		} else if err != nil {
			return nil, fmt.Errorf("%s: setup: %v", c.Name, err)
		}
	}
	limit := c.Want.Limit
	if limit == 0 {
		limit = defaultLimit
	}
	if r.Slack > 1 {
		limit = time.Duration(float64(limit) * r.Slack)
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit+r.Grace)
	defer cancel()
	cmd := exec.CommandContext(ctx, r.Bin, c.Args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &limitedWriter{w: &out}, &limitedWriter{w: &errb}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	killedMem := make(chan int64, 1)
	done := make(chan struct{})
	go watchRSS(cmd.Process, r.Ceiling, killedMem, done)
	if c.Interrupt > 0 {
		sig := c.Signal
		if sig == nil {
			sig = os.Interrupt
		}
		t := time.AfterFunc(c.Interrupt, func() { cmd.Process.Signal(sig) })
		defer t.Stop()
	}
	waitErr := cmd.Wait()
	close(done)
	o := &Outcome{Case: c, Wall: time.Since(start), Stdout: out.String(), Stderr: errb.String(), Exit: -1}
	if ps := cmd.ProcessState; ps != nil {
		o.Exit = ps.ExitCode()
		if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
			o.PeakRSS = ru.Maxrss * 1024
		}
	}
	select {
	case rss := <-killedMem:
		o.Class, o.Why = Crash, fmt.Sprintf("killed at %d MiB RSS (runner ceiling)", rss>>20)
		return o, nil
	default:
	}
	if ctx.Err() != nil {
		o.Class, o.Why = Hang, fmt.Sprintf("still running after %v (limit %v)", o.Wall.Round(time.Millisecond), limit)
		return o, nil
	}
	o.classify(waitErr, limit)
	if c.Check != nil && o.Class == Well {
		if why := c.Check(dir, o); why != "" {
			o.Class, o.Why = Poor, why
		}
	}
	return o, nil
}

func (o *Outcome) classify(waitErr error, limit time.Duration) {
	c := o.Case
	all := o.Stdout + o.Stderr
	if m := crashText.FindString(all); m != "" {
		o.Class, o.Why = Crash, fmt.Sprintf("crash text %q", m)
		return
	}
	if ee, ok := waitErr.(*exec.ExitError); ok {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			if (ws.Signal() == syscall.SIGINT || ws.Signal() == syscall.SIGTERM) && c.Interrupt > 0 {
				// the default action of the signal we sent: no rows, no 130 or 143
				o.Class, o.Why = Poor, "died of the "+ws.Signal().String()+" instead of exiting 130 or 143"
				return
			}
			o.Class, o.Why = Crash, "killed by "+ws.Signal().String()
			return
		}
	}
	if o.Wall > limit {
		o.Class, o.Why = Hang, fmt.Sprintf("took %v (limit %v)", o.Wall.Round(time.Millisecond), limit)
		return
	}
	var why []string
	if o.Exit != c.Want.Exit && !slices.Contains(c.Want.OrExit, o.Exit) {
		why = append(why, fmt.Sprintf("exit %d, want %d", o.Exit, c.Want.Exit))
	}
	if c.Want.Msg != "" && !regexp.MustCompile(c.Want.Msg).MatchString(all) {
		why = append(why, fmt.Sprintf("output lacks /%s/", c.Want.Msg))
	}
	if c.Want.NotMsg != "" {
		if m := regexp.MustCompile(c.Want.NotMsg).FindString(all); m != "" {
			why = append(why, fmt.Sprintf("output shows %q", m))
		}
	}
	if c.Want.MaxMemory > 0 && o.PeakRSS > c.Want.MaxMemory+c.Want.MaxMemory/10 {
		why = append(why, fmt.Sprintf("peak RSS %d MiB over --max-memory %d MiB", o.PeakRSS>>20, c.Want.MaxMemory>>20))
	}
	if len(why) > 0 {
		o.Class, o.Why = Poor, strings.Join(why, "; ")
		return
	}
	o.Class = Well
}

// watchRSS kills p when its resident set exceeds ceiling bytes.
func watchRSS(p *os.Process, ceiling int64, killed chan<- int64, done <-chan struct{}) {
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return
		case <-tick.C:
			if rss := residentBytes(p.Pid); rss > ceiling {
				killed <- rss
				p.Kill()
				return
			}
		}
	}
}

// residentBytes reads VmRSS of a process (0 if it cannot).
func residentBytes(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			f := strings.Fields(rest)
			if len(f) > 0 {
				kb, _ := strconv.ParseInt(f[0], 10, 64)
				return kb * 1024
			}
		}
	}
	return 0
}

// limitedWriter keeps the first 64 KiB of an output (a crash dump of
// thousands of goroutines need not fill the test's memory).
type limitedWriter struct {
	w *bytes.Buffer
}

func (l *limitedWriter) Write(p []byte) (int, error) {
	if room := 64<<10 - l.w.Len(); room > 0 {
		l.w.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}
