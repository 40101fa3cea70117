package mining

import (
	"context"
	"strings"
	"testing"
)

// The progress reports name the loop whose bound a round raises.
func TestProgressNamesRaisedLoop(t *testing.T) {
	p, test := setup(t, "( counting )")
	var details []string
	_, err := Check(context.Background(), p, test, Options{Model: builtin(t, "sc"), MaxUnroll: 3,
		Progress: func(pr Progress) {
			if pr.Detail != "" {
				details = append(details, pr.Detail)
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, d := range details {
		found = found || strings.HasPrefix(d, "raising loop p.lsl:") && strings.Contains(d, "iterations")
	}
	if !found {
		t.Errorf("no progress report names the loop being raised: %q", details)
	}
}
