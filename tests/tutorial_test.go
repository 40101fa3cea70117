package tests

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/frontend"
)

// docs/tutorial.md cannot rot: TestTutorial runs every command of it and
// checks what the text relies on.
//
// The tutorial's conventions:
//
//   - a ```sh block is one command, run in a copy of the example directory
//     with the freshly built checkfence first on PATH;
//   - the HTML comment after it, "<!-- expect exit N" followed by lines of
//     output, gives the exit status and lines that must occur in the output
//     (stdout and stderr);
//   - a ```text block right after that shows the output: its results-table
//     rows must name the same tests and verdicts as the real output, and
//     -update-tutorial rewrites it with the real output;
//   - a ```sh setup block is shown, not run: it must cd to the example
//     directory the test uses;
//   - a ```c or ```text block whose info string names a file under docs/
//     ("c examples/treiber/stack.c") shows that file verbatim, and "c
//     fragment from FILE" a part of it.

var updateTutorial = flag.Bool("update-tutorial", false, "rewrite the output blocks of docs/tutorial.md from the commands' output")

const (
	tutorialPath = "../docs/tutorial.md"
	tutorialDir  = "docs/examples/treiber" // relative to the repository root
)

// mdBlock is a fenced block of the tutorial.
type mdBlock struct {
	info       string // the info string after ```
	body       string
	start, end int // byte offsets of the body in the file
}

// tutorialStep is a command with its expectations.
type tutorialStep struct {
	cmd    string
	exit   int
	expect []string
	output *mdBlock // the ```text block showing its output, if any
}

var (
	fenceRE  = regexp.MustCompile("(?m)^```([^\n]*)\n")
	expectRE = regexp.MustCompile(`^\s*<!-- expect exit (\d+)\n((?s).*?)-->`)
)

// parseBlocks splits markdown into its fenced blocks.
func parseBlocks(t *testing.T, md string) (blocks []*mdBlock) {
	t.Helper()
	for pos := 0; ; {
		m := fenceRE.FindStringSubmatchIndex(md[pos:])
		if m == nil {
			break
		}
		open := pos + m[0]
		bodyStart := pos + m[1]
		info := strings.TrimSpace(md[pos+m[2] : pos+m[3]])
		end := strings.Index(md[bodyStart:], "```\n")
		if end < 0 || (end > 0 && md[bodyStart+end-1] != '\n') {
			t.Fatalf("tutorial: the block opened at byte %d does not close", open)
		}
		b := &mdBlock{info: info, body: md[bodyStart : bodyStart+end], start: bodyStart, end: bodyStart + end}
		blocks = append(blocks, b)
		pos = bodyStart + end + 4
	}
	return blocks
}

// parseTutorial finds the fenced blocks and the steps of the tutorial.
func parseTutorial(t *testing.T, md string) (blocks []*mdBlock, steps []*tutorialStep) {
	t.Helper()
	blocks = parseBlocks(t, md)
	for i, b := range blocks {
		if b.info != "sh" {
			continue
		}
		cmd := strings.TrimSpace(b.body)
		if strings.Contains(cmd, "\n") {
			t.Fatalf("tutorial: a sh block holds one command, this one has several:\n%s", cmd)
		}
		after := md[b.end+4:]
		m := expectRE.FindStringSubmatch(after)
		if m == nil {
			t.Fatalf("tutorial: no <!-- expect exit N … --> comment after the command %q", cmd)
		}
		st := &tutorialStep{cmd: cmd}
		st.exit, _ = strconv.Atoi(m[1])
		for _, l := range strings.Split(m[2], "\n") {
			if strings.TrimSpace(l) != "" {
				st.expect = append(st.expect, l)
			}
		}
		// the output block, if the next block is a text block that
		// follows the comment with only blank lines between
		if i+1 < len(blocks) && blocks[i+1].info == "text" {
			gap := md[b.end+4+len(m[0]) : blocks[i+1].start]
			if strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(gap), "```text")) == "" {
				st.output = blocks[i+1]
			}
		}
		steps = append(steps, st)
	}
	return blocks, steps
}

// buildCheckfence builds the command into dir.
func buildCheckfence(t *testing.T, dir string) {
	t.Helper()
	cmd := exec.Command("go", "build", "-o", filepath.Join(dir, "checkfence"), "../cmd/checkfence")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
}

// copyDir copies the files of a directory (not recursively).
func copyDir(t *testing.T, from, to string) {
	t.Helper()
	entries, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		b, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestTutorial(t *testing.T) {
	src, err := os.ReadFile(tutorialPath)
	if err != nil {
		t.Fatal(err)
	}
	md := string(src)
	blocks, steps := parseTutorial(t, md)
	if len(steps) < 5 {
		t.Fatalf("tutorial: only %d commands found", len(steps))
	}
	checkShownFiles(t, blocks)

	bin := t.TempDir()
	buildCheckfence(t, bin)
	work := t.TempDir()
	copyDir(t, filepath.Join("..", tutorialDir), work)

	var edits []edit
	for _, st := range steps {
		cmd := exec.Command("bash", "-c", st.cmd)
		cmd.Dir = work
		cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatalf("%s: %v", st.cmd, err)
		}
		got := out.String()
		if code != st.exit {
			t.Errorf("%s: exit status %d, the tutorial says %d\n%s", st.cmd, code, st.exit, got)
		}
		for _, want := range st.expect {
			if !strings.Contains(got, want) {
				t.Errorf("%s: the output lacks %q, which the tutorial relies on:\n%s", st.cmd, want, got)
			}
		}
		if st.output == nil {
			continue
		}
		if *updateTutorial {
			edits = append(edits, edit{st.output.start, st.output.end, got})
			continue
		}
		if shown, real := resultRows(st.output.body), resultRows(got); shown != real {
			t.Errorf("%s: the output shown in the tutorial has the results (verdicts and sizes)\n%s\nbut the command gives\n%s\n(go test ./tests -run TestTutorial -update-tutorial rewrites the shown outputs)", st.cmd, shown, real)
		}
	}
	if *updateTutorial && !t.Failed() {
		for i := len(edits) - 1; i >= 0; i-- {
			e := edits[i]
			md = md[:e.start] + e.text + md[e.end:]
		}
		if err := os.WriteFile(tutorialPath, []byte(md), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

type edit struct {
	start, end int
	text       string
}

// resultRows are the results-table rows of an output, one per line: the
// test name, the verdict and the sizes (instructions, loads, stores,
// variables, clauses, observations), which are deterministic, without the
// times, which are not.
func resultRows(out string) string {
	row := regexp.MustCompile(`(?m)^(\S+)\s+(PASS|FAIL|INCONCLUSIVE)((?:\s+[0-9,]+){6})\s`)
	var rows []string
	for _, m := range row.FindAllStringSubmatch(out, -1) {
		rows = append(rows, m[1]+" "+m[2]+" "+strings.Join(strings.Fields(m[3]), " "))
	}
	return strings.Join(rows, "\n")
}

// verdictRows are the test names and verdicts of the results-table rows
// of an output, one per line.
func verdictRows(out string) string {
	row := regexp.MustCompile(`(?m)^(\S+)\s+(PASS|FAIL|INCONCLUSIVE)\s+[0-9,]+\s`)
	var rows []string
	for _, m := range row.FindAllStringSubmatch(out, -1) {
		rows = append(rows, m[1]+" "+m[2])
	}
	return strings.Join(rows, "\n")
}

// checkShownFiles compares the blocks that show a file of docs/ with it,
// and checks that the setup block goes to the example directory.
func checkShownFiles(t *testing.T, blocks []*mdBlock) {
	t.Helper()
	setup := false
	for _, b := range blocks {
		f := strings.Fields(b.info)
		switch {
		case len(f) == 2 && f[0] == "sh" && f[1] == "setup":
			setup = true
			if !strings.Contains(b.body, "cd "+tutorialDir+"\n") {
				t.Errorf("the setup block does not cd to %s, where the test runs the commands:\n%s", tutorialDir, b.body)
			}
		case len(f) == 2 && strings.HasPrefix(f[1], "examples/"):
			want, err := os.ReadFile(filepath.Join("..", "docs", f[1]))
			if err != nil {
				t.Errorf("the tutorial shows %s: %v", f[1], err)
			} else if b.body != string(want) {
				t.Errorf("the tutorial's copy of %s differs from the file", f[1])
			}
		case len(f) == 4 && f[1] == "fragment" && f[2] == "from":
			want, err := os.ReadFile(filepath.Join("..", "docs", f[3]))
			if err != nil {
				t.Errorf("the tutorial shows part of %s: %v", f[3], err)
			} else if !strings.Contains(string(want), b.body) {
				t.Errorf("the tutorial's part of %s is not in the file:\n%s", f[3], b.body)
			}
		}
	}
	if !setup {
		t.Error("the tutorial has no ```sh setup block")
	}
}

// Every complete C example of docs/c-conventions.md (a ```c block)
// translates with the C front end.
func TestCConventionsExamples(t *testing.T) {
	src, err := os.ReadFile("../docs/c-conventions.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := parseBlocks(t, string(src))
	n := 0
	for _, b := range blocks {
		if b.info != "c" {
			continue
		}
		n++
		path := filepath.Join(t.TempDir(), "example.c")
		if err := os.WriteFile(path, []byte(b.body), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := frontend.Load([]string{path}); err != nil {
			t.Errorf("example %d of docs/c-conventions.md does not translate: %v\n%s", n, err, b.body)
		}
	}
	if n < 5 {
		t.Errorf("only %d C examples found in docs/c-conventions.md", n)
	}
}
