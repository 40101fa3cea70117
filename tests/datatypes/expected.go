package datatypes

import (
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/mining"
)

// Row is one line of expected.csv: a verified verdict.
type Row struct {
	Line     int
	Datatype string
	Variant  string
	Test     string
	Model    string
	Verdict  mining.Verdict
	Reason   string // empty for PASS
	// Slow rows take too long for go test; the bench and CI's slow job
	// run them.
	Slow bool
	// MaxUnroll is the --max-unroll the verdict was found with (0: the
	// default). INCONCLUSIVE rows need it: an unroll-limit verdict is only
	// reproducible with the same limit.
	MaxUnroll int
	// Unfair rows were checked without fair progress (--fair=false, the
	// fair column "off"): fences that only make retry loops terminate
	// under the models' axioms show there.
	Unfair bool
}

// Header is the first line of expected.csv.
var Header = []string{"datatype", "variant", "test", "model", "verdict", "reason", "slow", "max_unroll", "fair"}

// ReadExpected parses expected.csv.
func ReadExpected(path string) ([]Row, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ParseExpected(path, f)
}

// ParseExpected parses the rows of an expected.csv read from r.
func ParseExpected(name string, r io.Reader) ([]Row, error) {
	cr := csv.NewReader(r)
	cr.Comment = '#'
	cr.FieldsPerRecord = len(Header)
	head, err := cr.Read()
	if err != nil || strings.Join(head, ",") != strings.Join(Header, ",") {
		return nil, fmt.Errorf("%s: the first line must be %s", name, strings.Join(Header, ","))
	}
	var rows []Row
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			return rows, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		line, _ := cr.FieldPos(0)
		row := Row{Line: line, Datatype: rec[0], Variant: rec[1], Test: rec[2], Model: rec[3],
			Verdict: mining.Verdict(rec[4]), Reason: rec[5]}
		bad := func(format string, args ...any) error {
			return fmt.Errorf("%s:%d: %s", name, line, fmt.Sprintf(format, args...))
		}
		switch row.Verdict {
		case mining.Pass:
			if row.Reason != "" {
				return nil, bad("a PASS has no reason")
			}
		case mining.Fail, mining.Inconclusive:
			if row.Reason == "" {
				return nil, bad("a %s needs a reason", row.Verdict)
			}
		default:
			return nil, bad("unknown verdict %q", rec[4])
		}
		switch rec[6] {
		case "":
		case "slow":
			row.Slow = true
		default:
			return nil, bad("the slow column is empty or \"slow\", not %q", rec[6])
		}
		if rec[7] != "" {
			n, err := strconv.Atoi(rec[7])
			if err != nil || n <= 0 {
				return nil, bad("bad max_unroll %q", rec[7])
			}
			row.MaxUnroll = n
		}
		switch rec[8] {
		case "":
		case "off":
			row.Unfair = true
		default:
			return nil, bad("the fair column is empty or \"off\", not %q", rec[8])
		}
		if !isName(row.Datatype) {
			return nil, bad("unknown data type %q", row.Datatype)
		}
		rows = append(rows, row)
	}
}

// String names the row for messages.
func (r Row) String() string {
	s := fmt.Sprintf("%s/%s/%s/%s", r.Datatype, r.Variant, r.Test, r.Model)
	if r.Unfair {
		s += "/unfair"
	}
	return s
}
