package report

import (
	"bytes"
	"strings"
	"testing"
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
