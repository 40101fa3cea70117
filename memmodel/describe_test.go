package memmodel

import (
	"bytes"
	"strings"
	"testing"
)

// TestWriteListSummaries: every built-in model has a one-line summary in
// `checkfence models` (lkmm's line was empty until 2026-12-02).
func TestWriteListSummaries(t *testing.T) {
	var b bytes.Buffer
	WriteList(&b)
	for _, n := range append(MMNames(), CatNames()...) {
		if summaries[n] == "" {
			t.Errorf("model %s has no summary", n)
		}
		if !strings.Contains(b.String(), "  "+n+" ") {
			t.Errorf("model %s is not listed:\n%s", n, b.String())
		}
	}
}
