package diff

import (
	"fmt"
	"strings"
)

// SymmetricVariant rewrites a generated case (refcheck.Generate) so that
// its test runs the first concurrent thread's operations twice: "init ( a
// b | c )" becomes "init ( a b | a b | c )". Generated threads never share
// operations, so this is how the random differential run reaches the
// symmetry reduction of identical threads (encode/symmetry.go).
func SymmetricVariant(src string) (string, error) {
	lines := strings.Split(src, "\n")
	for i, line := range lines {
		rest, ok := strings.CutPrefix(line, "//# test ")
		if !ok {
			continue
		}
		open, close := strings.Index(rest, "("), strings.LastIndex(rest, ")")
		if open < 0 || close < open {
			return "", fmt.Errorf("test line %q has no thread list", line)
		}
		threads := strings.Split(rest[open+1:close], "|")
		first := strings.TrimSpace(threads[0])
		lines[i] = "//# test " + rest[:open+1] + " " + first + " |" + rest[open+1:]
		return strings.Join(lines, "\n"), nil
	}
	return "", fmt.Errorf("no //# test line")
}
