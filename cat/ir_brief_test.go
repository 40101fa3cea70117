package cat

import (
	"fmt"
	"strings"
	"testing"
)

// TestBrief: Brief is String when short, a prefix of it ending in "…"
// when long, and stays fast on a term whose text is exponential.
func TestBrief(t *testing.T) {
	small := mustCompile(t, "acyclic po | rf\n")
	e := small.Checks()[0].Expr
	if got, want := e.Brief(200), e.String(); got != want {
		t.Errorf("Brief %q, String %q", got, want)
	}
	if got := e.Brief(3); got != e.String()[:3]+"…" {
		t.Errorf("Brief(3) = %q", got)
	}
	var b strings.Builder
	b.WriteString("let f0(x) = x\n")
	for i := 1; i <= 60; i++ {
		fmt.Fprintf(&b, "let f%d(x) = f%d(x) | f%d(x;po)\n", i, i-1, i-1)
	}
	b.WriteString("acyclic f60(po)\n")
	bomb := mustCompile(t, b.String())
	got := bomb.Checks()[0].Expr.Brief(200)
	if len(got) > 200+len("…") || !strings.HasSuffix(got, "…") {
		t.Errorf("Brief of the bomb: %d bytes: %q", len(got), got)
	}
}

func mustCompile(t *testing.T, src string) *Model {
	t.Helper()
	m, err := Parse("m.cat", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return m
}
