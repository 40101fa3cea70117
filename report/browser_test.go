package report

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/checkfence/checkfence/mining"
)

var screenshots = flag.String("screenshots", "", "also copy the browser test's screenshots into this directory")

// browserNames are the executables the browser test tries, in order.
var browserNames = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}

func findBrowser() string {
	for _, n := range browserNames {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	return ""
}

// runBrowser runs headless Chromium with a throwaway profile and returns
// its standard output.
func runBrowser(t *testing.T, bin string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 45*time.Second)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
		"--user-data-dir=" + t.TempDir()}
	cmd := exec.CommandContext(ctx, bin, append(base, args...)...)
	inOwnProcessGroup(cmd) // so a timeout also ends Chromium's helper processes
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", bin, strings.Join(args, " "), err, lastLines(stderr.String(), 20))
	}
	return stdout.Bytes()
}

func lastLines(s string, n int) string {
	ls := strings.Split(strings.TrimSpace(s), "\n")
	if len(ls) > n {
		ls = ls[len(ls)-n:]
	}
	return strings.Join(ls, "\n")
}

// TestHTMLInBrowser loads the page of a known FAIL (MP on relaxed) in
// headless Chromium and checks the rendered DOM: both thread columns, the
// failing observation, and the value-flow arrow the script draws from
// t1's store of Y to t2's load of Y. It leaves a screenshot in its temp
// directory (and in -screenshots DIR).
func TestHTMLInBrowser(t *testing.T) {
	bin := findBrowser()
	if bin == "" {
		t.Skipf("no headless browser: none of %s is on PATH (install Debian's chromium package to run this test)", strings.Join(browserNames, ", "))
	}
	r := result(t, check(t, "mp.lsl", "mp.tst", "relaxed"), "MP")
	if r.Verdict != mining.Fail {
		t.Fatalf("MP on relaxed: %s, want FAIL", r.Verdict)
	}
	dir := t.TempDir()
	if err := WriteHTML(dir, "relaxed", []*mining.Result{r}); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, PageFiles([]*mining.Result{r})[0])
	url := "file://" + filepath.ToSlash(page)

	// one browser run (they are slow to start) renders the DOM and the
	// screenshot
	png := filepath.Join(dir, "MP.png")
	dom := string(runBrowser(t, bin, "--window-size=1280,1000", "--screenshot="+png, "--dump-dom", url))
	for _, th := range []string{"t1", "t2"} {
		if !regexp.MustCompile(`<div class="thread [^"]*" data-thread="` + th + `"`).MatchString(dom) {
			t.Errorf("rendered DOM has no column for thread %s", th)
		}
	}
	row := regexp.MustCompile(`(?s)<tr class="observed">(.*?)</tr>`).FindStringSubmatch(dom)
	if row == nil {
		t.Fatal("rendered DOM has no row for the failing observation")
	}
	cells := regexp.MustCompile(`<td[^>]*>([^<]*)</td>`).FindAllStringSubmatch(row[1], -1)
	var vals []string
	for _, c := range cells {
		vals = append(vals, c[1])
	}
	if got := strings.Join(vals, " "); got != "✓ 0 1" { // w() | r(x=0, y=1)
		t.Errorf("failing observation row shows %q, want %q", got, "✓ 0 1")
	}
	// the arrow exists only if the script ran after layout
	load, store := loadOfY(t, r)
	arrow := `data-from="` + strconv.Itoa(store) + `" data-to="` + strconv.Itoa(load) + `"`
	if !strings.Contains(dom, arrow) {
		t.Errorf("rendered DOM has no value-flow arrow %s", arrow)
	}
	// t1's column is left of t2's: the arrow runs left to right
	flow := regexp.MustCompile(`<path d="M([0-9.]+),[0-9.]+ C[^"]* ([0-9.]+),[0-9.]+" class="flow`).FindStringSubmatch(dom)
	if flow == nil {
		t.Errorf("no arrow path with a layout position in the rendered DOM")
	} else if x0, _ := strconv.ParseFloat(flow[1], 64); x0 <= 0 {
		t.Errorf("arrow starts at x=%s", flow[1])
	} else if x1, _ := strconv.ParseFloat(flow[2], 64); x1 <= x0 {
		t.Errorf("arrow runs from x=%s to x=%s, want left to right", flow[1], flow[2])
	}

	img, err := os.ReadFile(png)
	if err != nil {
		t.Fatalf("no screenshot: %v", err)
	}
	if !bytes.HasPrefix(img, []byte("\x89PNG\r\n\x1a\n")) || len(img) < 10000 {
		t.Errorf("screenshot %s is not a plausible PNG (%d bytes)", png, len(img))
	}
	t.Logf("screenshot: %s", png)
	if *screenshots != "" {
		if err := os.MkdirAll(*screenshots, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*screenshots, "MP.png"), img, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// loadOfY returns the instruction indices of t2's load of Y and of the
// store it read.
func loadOfY(t *testing.T, r *mining.Result) (load, store int) {
	t.Helper()
	for _, ev := range r.Trace.Events {
		if ev.Kind == "load" && ev.AddrName == "Y" {
			if ev.Source < 0 {
				t.Fatal("the load of Y read the initial value; this is not the MP counterexample")
			}
			return ev.Instr, ev.Source
		}
	}
	t.Fatal("no load of Y in the trace")
	return 0, 0
}

// layoutProbe, appended to a page, measures the memory-order timeline
// after layout and leaves the result in the body's data-layout attribute
// for --dump-dom: chips cut off at the right edge, labels truncated, and
// the number of lines the columns wrapped onto.
const layoutProbe = `<script>
(function () {
  var vw = document.documentElement.clientWidth, bad = [], tops = {};
  var chips = document.querySelectorAll("#memory-order .chip");
  chips.forEach(function (c) {
    var r = c.getBoundingClientRect();
    if (r.left < 0 || r.right > vw + 0.5) { bad.push("cut off: " + c.textContent); }
    c.querySelectorAll("b, span").forEach(function (s) {
      if (s.scrollWidth > s.clientWidth + 1) { bad.push("truncated: " + s.textContent); }
    });
  });
  document.querySelectorAll("#memory-order .mo-col").forEach(function (c) { tops[Math.round(c.getBoundingClientRect().top)] = true; });
  var mo = document.querySelector("#memory-order .mo");
  if (mo.scrollWidth > mo.clientWidth + 1) { bad.push("the timeline overflows its card"); }
  document.body.setAttribute("data-layout", JSON.stringify({width: vw, chips: chips.length, lines: Object.keys(tops).length, bad: bad}));
})();
</script>`

// TestMemoryOrderFitsInBrowser renders the memory order of the queue
// counterexample (16 accesses) at a narrow and a wide viewport: no chip
// may be cut off at the right edge or have a truncated label; the narrow
// page wraps the timeline onto more lines than the wide one.
func TestMemoryOrderFitsInBrowser(t *testing.T) {
	bin := findBrowser()
	if bin == "" {
		t.Skipf("no headless browser: none of %s is on PATH (install Debian's chromium package to run this test)", strings.Join(browserNames, ", "))
	}
	r := fixtureResult(t, "queue_relaxed", "queue.lsl", "queue.tst", "relaxed", "T0")
	dir := t.TempDir()
	if err := WriteHTML(dir, "relaxed", []*mining.Result{r}); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, PageFiles([]*mining.Result{r})[0])
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	probed := filepath.Join(dir, "probed.html")
	if err := os.WriteFile(probed, bytes.Replace(b, []byte("</body>"), []byte(layoutProbe+"</body>"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	type layout struct {
		Width, Chips, Lines int
		Bad                 []string
	}
	measure := func(width int) layout {
		dom := string(runBrowser(t, bin, fmt.Sprintf("--window-size=%d,1200", width), "--dump-dom", "file://"+filepath.ToSlash(probed)))
		m := regexp.MustCompile(`data-layout="([^"]*)"`).FindStringSubmatch(dom)
		if m == nil {
			t.Fatalf("width %d: the probe left no measurement", width)
		}
		var l layout
		if err := json.Unmarshal([]byte(html.UnescapeString(m[1])), &l); err != nil {
			t.Fatalf("width %d: %v", width, err)
		}
		if l.Chips != len(r.Trace.Order) {
			t.Errorf("width %d: %d chips, want one per access (%d)", width, l.Chips, len(r.Trace.Order))
		}
		for _, bad := range l.Bad {
			t.Errorf("width %d: %s", width, bad)
		}
		return l
	}
	narrow, wide := measure(500), measure(1400)
	if narrow.Lines <= wide.Lines || narrow.Lines < 2 {
		t.Errorf("the timeline takes %d lines at %dpx and %d at %dpx: it does not wrap", narrow.Lines, narrow.Width, wide.Lines, wide.Width)
	}
	t.Logf("memory order: %d lines at %dpx, %d at %dpx", narrow.Lines, narrow.Width, wide.Lines, wide.Width)
}
