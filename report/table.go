package report

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/checkfence/checkfence/mining"
)

// The results table has the columns of the dissertation's Fig. 8.4: test,
// verdict, unrolled instructions/loads/stores, CNF variables/clauses,
// observations mined, and the time for encoding, mining, solving and in all.
var (
	tableColumns = []string{"test", "verdict", "instrs", "loads", "stores", "vars", "clauses", "obs", "encode", "mine", "solve", "total"}
	// widths: negative for left-aligned columns
	tableWidths = []int{-12, -12, 7, 6, 6, 8, 10, 5, 7, 7, 7, 7}
)

// TableHeader writes the header row of the results table.
func TableHeader(w io.Writer) {
	fmt.Fprintln(w, tableRow(tableColumns, painter{}, ""))
}

// TableRow writes one result row.
func TableRow(w io.Writer, r *mining.Result) { WriteTableRow(w, r, TextOptions{}) }

// WriteTableRow writes one result row, with the verdict coloured when
// opt.Color is set.
func WriteTableRow(w io.Writer, r *mining.Result, opt TextOptions) {
	s := r.Stats
	style := ""
	switch r.Verdict {
	case mining.Pass:
		style = stylePass
	case mining.Fail:
		style = styleFail
	case mining.Inconclusive:
		style = styleWarn
	}
	fmt.Fprintln(w, tableRow([]string{r.Test, string(r.Verdict),
		num(s.Instrs), num(s.Loads), num(s.Stores), num(s.Vars), num(s.Clauses), num(s.Observations),
		secs(s.Encode), secs(s.Mine), secs(s.Solve), secs(s.Total)}, painter{opt.Color}, style))
}

// tableRow aligns the columns; the verdict (column 1) gets verdictStyle.
func tableRow(cols []string, p painter, verdictStyle string) string {
	var b strings.Builder
	for i, c := range cols {
		w := tableWidths[i]
		if i > 0 {
			b.WriteByte(' ')
		}
		if w < 0 {
			c = pad(c, -w)
		} else {
			c = padLeft(c, w)
		}
		if i == 1 {
			c = p.paint(verdictStyle, c)
		}
		b.WriteString(c)
	}
	return strings.TrimRight(b.String(), " ")
}

// num formats n with thousands separators: 197,240.
func num(n int) string {
	s := fmt.Sprint(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var out []byte
	for i := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	if neg {
		return "-" + string(out)
	}
	return string(out)
}

func secs(d time.Duration) string {
	return fmt.Sprintf("%.2fs", d.Seconds())
}
