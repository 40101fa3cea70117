package report

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/checkfence/checkfence/mining"
)

func TestTable(t *testing.T) {
	r := &mining.Result{Test: "Ti2", Verdict: mining.Fail, Stats: mining.Stats{
		Instrs: 1234, Loads: 56, Stores: 78, Vars: 66890, Clauses: 197240, Observations: 3,
		Encode: 220 * time.Millisecond, Mine: 10 * time.Millisecond, Solve: 1500 * time.Millisecond, Total: 1730 * time.Millisecond}}
	var b bytes.Buffer
	TableHeader(&b)
	TableRow(&b, r)
	want := "" +
		"test         verdict       instrs  loads stores     vars    clauses   obs  encode    mine   solve   total\n" +
		"Ti2          FAIL           1,234     56     78   66,890    197,240     3   0.22s   0.01s   1.50s   1.73s\n"
	if b.String() != want {
		t.Errorf("table:\n%s\nwant:\n%s", b.String(), want)
	}
	var c bytes.Buffer
	WriteTableRow(&c, r, TextOptions{Color: true})
	if !strings.Contains(c.String(), "\x1b[1;31mFAIL\x1b[0m") || stripANSI(c.String()) != strings.SplitAfter(want, "\n")[1] {
		t.Errorf("coloured row %q", c.String())
	}
}

func TestNum(t *testing.T) {
	for n, want := range map[int]string{0: "0", 7: "7", 999: "999", 1000: "1,000", 197240: "197,240", 1234567: "1,234,567", -4500: "-4,500"} {
		if got := num(n); got != want {
			t.Errorf("num(%d) = %q, want %q", n, got, want)
		}
	}
}
