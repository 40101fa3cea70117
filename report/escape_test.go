package report

import (
	"bytes"
	"fmt"
	"testing"
)

func TestEscapeControl(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain text", "plain text"},
		{"tabs\tand\nnewlines", "tabs\tand\nnewlines"},
		{"\x1b]0;PWNED\x07\x1b[2J", `\u001b]0;PWNED\u0007\u001b[2J`},
		{"nul\x00byte", `nul\u0000byte`},
		{"carriage\rreturn", `carriage\u000dreturn`},
		{"del\x7f", `del\u007f`},
		{"c1 \u0085 \u009b", `c1 \u0085 \u009b`},
		{"bidi \u202eevil", `bidi \u202eevil`},
		{"bad utf-8 \xff\xfe", `bad utf-8 \xff\xfe`},
		{"unicode → ok ✓", "unicode → ok ✓"},
	} {
		if got := EscapeControl(tc.in); got != tc.want {
			t.Errorf("EscapeControl(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestTextWriterColour: with colour on, the painter's sequences pass and
// every other escape sequence is escaped; with colour off, all are.
func TestTextWriterColour(t *testing.T) {
	p := painter{on: true}
	text := p.paint(styleFail, "FAIL") + " label \x1b[2J\x1b[8m\x1b]0;t\x07 " + p.paint(styleThread, "t1")
	for _, tc := range []struct {
		color bool
		want  string
	}{
		{true, "\x1b[1;31mFAIL\x1b[0m label \\u001b[2J\\u001b[8m\\u001b]0;t\\u0007 \x1b[1;36mt1\x1b[0m"},
		{false, `\u001b[1;31mFAIL\u001b[0m label \u001b[2J\u001b[8m\u001b]0;t\u0007 \u001b[1;36mt1\u001b[0m`},
	} {
		var b bytes.Buffer
		w := NewTextWriter(&b, tc.color)
		n, err := fmt.Fprint(w, text)
		if err != nil || n != len(text) {
			t.Errorf("color %v: wrote %d of %d: %v", tc.color, n, len(text), err)
		}
		if b.String() != tc.want {
			t.Errorf("color %v:\n got %q\nwant %q", tc.color, b.String(), tc.want)
		}
	}
}
