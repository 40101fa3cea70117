package litmus

import (
	"strings"

	"github.com/checkfence/checkfence/lsl"
)

// FormatLSL prints the translation of t: the LSL program and, as a
// comment, the test in .tst notation.
func FormatLSL(t *Test) string {
	var threads []string
	for _, th := range t.LSLTest.Threads {
		threads = append(threads, th[0].Name)
	}
	final := ""
	if len(t.LSLTest.Final) > 0 {
		final = " " + finalOp
	}
	return lsl.Format(t.Program, lsl.PrintOptions{}) +
		"// test " + t.Name + " = ( " + strings.Join(threads, " | ") + " )" + final + "\n"
}
