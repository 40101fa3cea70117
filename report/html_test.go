package report

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/mining"
)

func writeHTMLFor(t *testing.T, model string, rs []*mining.Result) (dir string, files []string) {
	t.Helper()
	dir = filepath.Join(t.TempDir(), "html")
	if err := WriteHTML(dir, model, rs); err != nil {
		t.Fatal(err)
	}
	return dir, PageFiles(rs)
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// externalRef matches anything that would make a page load another
// resource.
var externalRef = regexp.MustCompile(`(?i)<link\b|<img\b|<iframe\b|\ssrc\s*=|url\(\s*['"]?[^#'"\s]|@import|href="(https?:|//)`)

func TestWriteHTMLSelfContained(t *testing.T) {
	rs := append([]*mining.Result{}, check(t, "mp.lsl", "mp.tst", "relaxed")...)
	rs = append(rs, check(t, "errors.lsl", "errors.tst", "sc")...)
	rs = append(rs, &mining.Result{Test: "Slow", Verdict: mining.Inconclusive, Reason: mining.ReasonTimeout, Message: "no answer within 1s"})
	dir, files := writeHTMLFor(t, "relaxed", rs)
	index := readFile(t, filepath.Join(dir, "index.html"))
	for i, f := range files {
		if !strings.Contains(index, `href="`+f+`"`) {
			t.Errorf("index.html does not link %s", f)
		}
		page := readFile(t, filepath.Join(dir, f))
		if m := externalRef.FindString(page); m != "" {
			t.Errorf("%s refers to an external resource: %q", f, m)
		}
		if strings.Contains(page, "ZgotmplZ") { // html/template rejected a value
			t.Errorf("%s contains ZgotmplZ", f)
		}
		if !strings.Contains(page, "<style>") || !strings.Contains(page, "<script>") {
			t.Errorf("%s does not inline its style and script", f)
		}
		if !strings.Contains(page, `class="verdict `+verdictClass(rs[i].Verdict)+`"`) {
			t.Errorf("%s lacks its verdict badge", f)
		}
	}
	if m := externalRef.FindString(index); m != "" {
		t.Errorf("index.html refers to an external resource: %q", m)
	}
	for _, want := range []string{"6 FAIL", "1 INCONCLUSIVE", "no answer within 1s"} {
		if !strings.Contains(strings.Join(strings.Fields(stripTags(index)), " "), want) {
			t.Errorf("index.html lacks %q", want)
		}
	}
}

// Without JavaScript the page still tells the whole story: threads,
// accesses, where each load read from, the observation table.
func TestHTMLPageReadableWithoutScript(t *testing.T) {
	r := result(t, check(t, "mp.lsl", "mp.tst", "relaxed"), "MP")
	dir, files := writeHTMLFor(t, "relaxed", []*mining.Result{r})
	page := readFile(t, filepath.Join(dir, files[0]))
	noScript := page[:strings.Index(page, "<script>")]
	text := strings.Join(strings.Fields(stripTags(noScript)), " ")
	for _, want := range []string{
		"MP FAIL", "memory model relaxed",
		"this execution not serial ✓ 0 1", // the failing observation
		"closest ✓",
		"← t1 store #", "← initial value",
		"store Y = 1", "load X = 0",
		"Memory order", "Reordered by the memory model",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("page text lacks %q", want)
		}
	}
	if n := strings.Count(noScript, `<div class="thread `); n != 2 {
		t.Errorf("%d thread columns, want 2", n)
	}
	if !strings.Contains(noScript, `data-src="`) {
		t.Error("no load is linked to its source store")
	}
}

func TestHTMLFailurePointsAtStatement(t *testing.T) {
	r := result(t, check(t, "publish.lsl", "publish.tst", "relaxed"), "Publish")
	dir, files := writeHTMLFor(t, "relaxed", []*mining.Result{r})
	page := readFile(t, filepath.Join(dir, files[0]))
	text := strings.Join(strings.Fields(stripTags(page)), " ")
	for _, want := range []string{
		"runtime error in t2 (consume) at publish.c:26:13",
		"26 if (next == 0)",    // the failing line, with its number
		"publish.c", "n->next", // the C source and expression
	} {
		if !strings.Contains(text, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if !strings.Contains(page, `<span class="l hit">`) {
		t.Error("the failing line is not marked")
	}
}

func TestHTMLEscapesNames(t *testing.T) {
	r := &mining.Result{Test: `<b>x</b>&"`, Verdict: mining.Inconclusive, Reason: mining.ReasonTimeout, Message: "<script>alert(1)</script>"}
	dir, files := writeHTMLFor(t, "relaxed", []*mining.Result{r})
	if strings.ContainsAny(files[0], `<>&"/`) {
		t.Errorf("unsafe file name %q", files[0])
	}
	for _, f := range []string{files[0], "index.html"} {
		page := readFile(t, filepath.Join(dir, f))
		if strings.Contains(page, "<b>x</b>") || strings.Contains(page, "<script>alert") {
			t.Errorf("%s does not escape the test name or message", f)
		}
	}
}

func TestPageFiles(t *testing.T) {
	cases := []struct {
		names []string
		want  []string
	}{
		{[]string{"T0", "MP+ss", "MP_ss"}, []string{"test-T0.html", "test-MP_ss.html", "test-MP_ss-2.html"}},
		{[]string{"a b", "a/b", "a_b"}, []string{"test-a_b.html", "test-a_b-2.html", "test-a_b-3.html"}},
		{[]string{"T", "t"}, []string{"test-T.html", "test-t-2.html"}}, // case-insensitive file systems
		{[]string{""}, []string{"test-unnamed.html"}},
		{[]string{"..", "index"}, []string{"test-...html", "test-index.html"}},
	}
	for _, c := range cases {
		var rs []*mining.Result
		for _, n := range c.names {
			rs = append(rs, &mining.Result{Test: n})
		}
		got := PageFiles(rs)
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("PageFiles(%q) = %q, want %q", c.names, got, c.want)
		}
	}
}

// stripTags removes markup, leaving the text a reader sees.
func stripTags(s string) string {
	s = regexp.MustCompile(`(?s)<style>.*?</style>|<script>.*?</script>`).ReplaceAllString(s, " ")
	s = regexp.MustCompile(`<[^>]*>`).ReplaceAllString(s, " ")
	r := strings.NewReplacer("&lt;", "<", "&gt;", ">", "&amp;", "&", "&#34;", `"`, "&#39;", "'", "&quot;", `"`)
	return r.Replace(s)
}

// The legend of a page matches its trace: a cat model's execution has no
// memory order, so its page does not explain #n and ↑; a .mm model's does.
func TestHTMLLegendMatchesModel(t *testing.T) {
	for _, c := range []struct {
		model, test string
		ordered     bool
	}{{"relaxed", "MP", true}, {"arm8", "MPops", false}, {"rc11", "2+2W", false}} { // MPops: see TestCatWhy
		rs := []*mining.Result{result(t, check(t, "mp.lsl", "mp.tst", c.model), c.test)}
		dir, files := writeHTMLFor(t, c.model, rs)
		page := readFile(t, filepath.Join(dir, files[0]))
		legend := page[strings.Index(page, `<div class="legend">`):]
		legend = legend[:strings.Index(legend, "</div>")]
		if strings.Contains(legend, "position in memory order") != c.ordered || strings.Contains(legend, "takes effect before") != c.ordered {
			t.Errorf("%s: legend %q", c.model, legend)
		}
		if !c.ordered && !strings.Contains(legend, "no place numbers") {
			t.Errorf("%s: the legend does not say why there are no numbers: %q", c.model, legend)
		}
		// a cat model's page says why the model allows the execution
		if why := strings.Contains(page, `id="why"`); why == c.ordered || !c.ordered && !strings.Contains(page, "Why "+c.model+" allows it") {
			t.Errorf("%s: the page's explanation section: %v", c.model, why)
		}
	}
}
