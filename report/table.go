package report

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/checkfence/checkfence/mining"
)

// TableHeader writes the header row of the results table.
func TableHeader(w io.Writer) {
	fmt.Fprintln(w, tableRow([]string{"test", "verdict", "instrs", "loads", "stores", "vars", "clauses", "obs", "encode", "mine", "solve", "total"}))
}

// TableRow writes one result row.
func TableRow(w io.Writer, r *mining.Result) {
	s := r.Stats
	fmt.Fprintln(w, tableRow([]string{r.Test, string(r.Verdict),
		num(s.Instrs), num(s.Loads), num(s.Stores), num(s.Vars), num(s.Clauses), num(s.Observations),
		secs(s.Encode), secs(s.Mine), secs(s.Solve), secs(s.Total)}))
}

var widths = []int{-12, -12, 7, 6, 6, 8, 10, 5, 7, 7, 7, 7}

func tableRow(cols []string) string {
	var b strings.Builder
	for i, c := range cols {
		w := widths[i]
		if i > 0 {
			b.WriteByte(' ')
		}
		if w < 0 {
			fmt.Fprintf(&b, "%-*s", -w, c)
		} else {
			fmt.Fprintf(&b, "%*s", w, c)
		}
	}
	return strings.TrimRight(b.String(), " ")
}

func num(n int) string {
	s := fmt.Sprint(n)
	var out []byte
	for i := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}

func secs(d time.Duration) string {
	return fmt.Sprintf("%.2fs", d.Seconds())
}

var _ = tabwriter.AlignRight
