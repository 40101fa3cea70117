package report

import (
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Text output escapes control characters. Labels, observation names,
// string values, file names and source lines come from the user's files;
// printed raw, lsl_observe_label("\x1b]0;PWNED\x07\x1b[2J") would retitle
// and clear the terminal that shows the trace, and a NUL or carriage
// return can hide text. JSON, HTML, JUnit and SARIF escape in their own
// syntax.

// EscapeControl returns s with each control character other than newline
// and tab written as an escape (\u001b, \u0000, \u000d, \u0085), bidirectional
// formatting characters too (\u202e: they reorder what the terminal
// shows), and each byte that is not UTF-8 as \xff.
func EscapeControl(s string) string {
	if !needsEscape(s) {
		return s
	}
	var b strings.Builder
	writeEscaped(&b, s, false)
	return b.String()
}

func needsEscape(s string) bool {
	for i, r := range s {
		if r == utf8.RuneError {
			if _, n := utf8.DecodeRuneInString(s[i:]); n == 1 {
				return true
			}
		}
		if escapedRune(r) {
			return true
		}
	}
	return false
}

func escapedRune(r rune) bool {
	return (unicode.IsControl(r) && r != '\n' && r != '\t') || unicode.Is(unicode.Bidi_Control, r)
}

// writeEscaped writes s escaped; with sgr, the colour sequences of the
// painter (ESC [ digits and ; m) pass unescaped.
func writeEscaped(b *strings.Builder, s string, sgr bool) {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(b, `\x%02x`, s[i])
		case r == 0x1b && sgr && isPainterSGR(s[i:]):
			end := strings.IndexByte(s[i:], 'm') + 1
			b.WriteString(s[i : i+end])
			n = end
		case !escapedRune(r):
			b.WriteString(s[i : i+n])
		default:
			// \u form: also a valid escape inside the JSON strings
			// that --json writes through the same writer
			fmt.Fprintf(b, `\u%04x`, r)
		}
		i += n
	}
}

// painterStyles are the styles painter.paint writes (ansi.go), and the
// reset: with colour on, only these pass the escaping writer, so a label
// can at most recolour text, never move the cursor, clear the screen or
// set the title.
var painterStyles = map[string]bool{
	"0": true, styleBold: true, styleDim: true, styleRed: true, styleGreen: true, styleYellow: true,
	styleBlue: true, styleMagenta: true, styleCyan: true, styleFail: true, stylePass: true,
	styleWarn: true, styleThread: true, // styleDiff is styleWarn
}

// isPainterSGR reports whether s starts with ESC [ style m for a style
// of painterStyles.
func isPainterSGR(s string) bool {
	if !strings.HasPrefix(s, "\x1b[") {
		return false
	}
	end := strings.IndexByte(s, 'm')
	return end > 2 && painterStyles[s[2:end]]
}

// escapingWriter escapes control characters in each Write (see
// NewTextWriter).
type escapingWriter struct {
	w     io.Writer
	color bool
}

// NewTextWriter returns a writer that writes to w what is written to it
// with control characters escaped (EscapeControl); with color, the colour
// sequences TextOptions.Color adds pass. Each Write must hold whole UTF-8
// characters and whole colour sequences, as the text writers' do.
func NewTextWriter(w io.Writer, color bool) io.Writer {
	return &escapingWriter{w: w, color: color}
}

// Color reports whether the colour sequences pass (the output is a
// colour terminal).
func (e *escapingWriter) Color() bool { return e.color }

// Unwrap returns the underlying writer (for a progress line, which
// writes its own control sequences and escapes its text).
func (e *escapingWriter) Unwrap() io.Writer { return e.w }

func (e *escapingWriter) Write(p []byte) (int, error) {
	s := string(p)
	if !needsEscape(s) {
		return e.w.Write(p)
	}
	var b strings.Builder
	writeEscaped(&b, s, e.color)
	if _, err := io.WriteString(e.w, b.String()); err != nil {
		return 0, err
	}
	return len(p), nil
}
