package encode

import (
	"fmt"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/cat"
)

// TestPOUnionRestShared: a union DAG that shares its operands (a cat
// function calling another twice, 2^40 paths) is walked once per node.
func TestPOUnionRestShared(t *testing.T) {
	var b strings.Builder
	b.WriteString("let f0(x) = x\n")
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&b, "let f%d(x) = f%d(x) | f%d(x;po)\n", i, i-1, i-1)
	}
	b.WriteString("acyclic f40(po)\n")
	m, err := cat.Parse("bomb.cat", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	rest, ok := poUnionRest(m.Constraints[0].Expr)
	if !ok {
		t.Errorf("po not found among the operands of f40(po)")
	}
	seen := map[*cat.Node]bool{}
	for _, n := range rest {
		if seen[n] {
			t.Errorf("operand %v listed twice", n)
		}
		seen[n] = true
	}
	if len(rest) != 40 {
		t.Errorf("%d operands, want the 40 distinct ones (po;po … po^41)", len(rest))
	}
}
