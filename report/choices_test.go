package report

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// A choice that names its source expression is a row of the trace, unless
// the operation records inputs: then its title shows them.
func TestChoiceRows(t *testing.T) {
	rs := check(t, "choices.lsl", "choices.tst", "sc")
	for _, c := range []struct {
		test  string
		shown bool
	}{{"Pick", true}, {"Key", false}} {
		r := result(t, rs, c.test)
		var b bytes.Buffer
		WriteTrace(&b, r, TextOptions{Model: "sc"})
		out := b.String()
		if got := strings.Contains(out, "  choose  "); got != c.shown {
			t.Errorf("%s: choice row shown %v, want %v:\n%s", c.test, got, c.shown, out)
		}
		if c.shown {
			choice := strings.Index(out, "choose  lsl_choose() = ")
			store := strings.Index(out, "store   X = ")
			if choice < 0 || store < 0 || choice > store {
				t.Errorf("%s: the choice is not before the store it steers:\n%s", c.test, out)
			}
		}
	}
}

// The HTML page has the same choice row, with its value, and no id that
// value-flow arrows could attach to.
func TestChoiceRowsHTML(t *testing.T) {
	r := result(t, check(t, "choices.lsl", "choices.tst", "sc"), "Pick")
	dir, files := writeHTMLFor(t, "sc", []*mining.Result{r})
	page := readFile(t, filepath.Join(dir, files[0]))
	i := strings.Index(page, `<div class="ev k-choose"`)
	if i < 0 {
		t.Fatal("the page has no choice row")
	}
	row := page[i:]
	row = row[:strings.Index(row, "</div>\n")]
	text := strings.Join(strings.Fields(stripTags(row)), " ")
	if !strings.Contains(text, "choose lsl_choose() = ") || strings.Contains(row, "data-ev") {
		t.Errorf("choice row %q (text %q)", row, text)
	}
}
