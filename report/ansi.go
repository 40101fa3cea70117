package report

import (
	"os"
	"strings"
	"unicode/utf8"
)

// ANSI styles of the terminal trace.
const (
	styleBold    = "1"
	styleDim     = "2"
	styleRed     = "31"
	styleGreen   = "32"
	styleYellow  = "33"
	styleBlue    = "34"
	styleMagenta = "35"
	styleCyan    = "36"
	styleFail    = "1;31"
	stylePass    = "1;32"
	styleWarn    = "1;33"
	styleThread  = "1;36"
	styleDiff    = "1;33"
)

// painter applies ANSI styles when colour is on.
type painter struct{ on bool }

func (p painter) paint(style, s string) string {
	if !p.on || style == "" || s == "" {
		return s
	}
	// keep padding outside the escape codes so nothing visible changes
	// when colour is turned off
	trimmed := strings.TrimRight(s, " ")
	return "\x1b[" + style + "m" + trimmed + "\x1b[0m" + s[len(trimmed):]
}

// ColorTerminal reports whether f is a terminal that wants colour: a
// character device, NO_COLOR unset and TERM not "dumb". Callers pass the
// answer as TextOptions.Color.
func ColorTerminal(f *os.File) bool {
	if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// width is the display width of s (one column per rune; the trace uses no
// wide characters).
func width(s string) int { return utf8.RuneCountInString(s) }

// pad right-pads s with spaces to n columns.
func pad(s string, n int) string {
	if w := width(s); w < n {
		return s + strings.Repeat(" ", n-w)
	}
	return s
}

// padLeft left-pads s with spaces to n columns.
func padLeft(s string, n int) string {
	if w := width(s); w < n {
		return strings.Repeat(" ", n-w) + s
	}
	return s
}
