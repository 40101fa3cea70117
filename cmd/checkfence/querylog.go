package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/checkfence/checkfence/mining"
)

// queryLogger writes the query log (--log-queries) to w: one line per
// encoded unrolling and per solver query, as space-separated key=value
// fields that grep and awk take apart (docs/performance.md, "Where a
// check's time goes").
func queryLogger(w io.Writer) func(mining.QueryEvent) {
	return func(e mining.QueryEvent) {
		fmt.Fprintln(w, queryLine(e))
	}
}

func queryLine(e mining.QueryEvent) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s test=%s round=%d", e.Kind, e.Test, e.Round)
	if e.Serial {
		b.WriteString(" serial=true")
	}
	if e.Kind == mining.EventQuery {
		fmt.Fprintf(&b, " phase=%s result=%s conflicts=%d", e.Phase, e.Result, e.Conflicts)
		if e.Budget > 0 {
			fmt.Fprintf(&b, " budget=%d", e.Budget)
		}
		if e.Backend != "" {
			fmt.Fprintf(&b, " solver=%s", e.Backend)
		}
	}
	fmt.Fprintf(&b, " instrs=%d vars=%d clauses=%d cpu=%s wall=%s", e.Instrs, e.Vars, e.Clauses, seconds(e.CPU), seconds(e.Wall))
	if len(e.Raised) > 0 {
		parts := make([]string, len(e.Raised))
		for i, lb := range e.Raised {
			parts[i] = fmt.Sprintf("%s=%d", lb.Loop, lb.Bound)
		}
		b.WriteString(" bounds=" + strings.Join(parts, ","))
	}
	return b.String()
}

func seconds(d time.Duration) string { return fmt.Sprintf("%.3fs", d.Seconds()) }
