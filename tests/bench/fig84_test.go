package main

import (
	"strings"
	"testing"
)

func TestReadFig84(t *testing.T) {
	rows, err := readFig84("fig84.csv")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 41 {
		t.Errorf("%d rows, want the 41 of Fig. 8.4", len(rows))
	}
	p := rows["msn/Tpc6"]
	if p == nil || p.total != "2060.0" || p.instrs != "1414" {
		t.Errorf("msn/Tpc6 = %+v", p)
	}
	if q := rows["ms2/T0"]; q == nil || q.totalIsBound {
		t.Errorf("ms2/T0 = %+v", q)
	}
}

func TestParseFig84Errors(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"header", "a,b\n", "first line"},
		{"time", fig84Header + "\nms2,T0,1,2,3,4,5,6,7,8,x\n", "bad total time"},
		{"duplicate", fig84Header + "\nms2,T0,1,2,3,4,5,6,7,8,1\nms2,T0,1,2,3,4,5,6,7,8,1\n", "twice"},
		{"fields", fig84Header + "\nms2,T0,1\n", "wrong number of fields"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parseFig84("f.csv", strings.NewReader(tc.src))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}

func TestRatio(t *testing.T) {
	p := &paperRow{totalSeconds: 0.1, totalIsBound: true}
	if got := ratio(200_000_000, p); got != ">2.00" {
		t.Errorf("ratio = %q", got)
	}
}
