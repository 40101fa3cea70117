package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// paperRow is one row of the dissertation's Fig. 8.4, as printed.
type paperRow struct {
	instrs, loads, stores, vars, clauses, total string
	totalSeconds                                float64
	totalIsBound                                bool // printed as "<x"
}

var fig84Header = "datatype,test,instrs,loads,stores,encode_s,vars,clauses,zchaff_mb,zchaff_s,total_s"

// readFig84 reads fig84.csv, keyed by "datatype/test".
func readFig84(path string) (map[string]*paperRow, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseFig84(path, f)
}

func parseFig84(name string, r io.Reader) (map[string]*paperRow, error) {
	cr := csv.NewReader(r)
	cr.Comment = '#'
	cr.FieldsPerRecord = strings.Count(fig84Header, ",") + 1
	head, err := cr.Read()
	if err != nil || strings.Join(head, ",") != fig84Header {
		return nil, fmt.Errorf("%s: the first line must be %s", name, fig84Header)
	}
	out := map[string]*paperRow{}
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		line, _ := cr.FieldPos(0)
		p := &paperRow{instrs: rec[2], loads: rec[3], stores: rec[4], vars: rec[6], clauses: rec[7], total: rec[10]}
		t := rec[10]
		if strings.HasPrefix(t, "<") {
			p.totalIsBound = true
			t = t[1:]
		}
		if p.totalSeconds, err = strconv.ParseFloat(t, 64); err != nil || p.totalSeconds <= 0 {
			return nil, fmt.Errorf("%s:%d: bad total time %q", name, line, rec[10])
		}
		key := rec[0] + "/" + rec[1]
		if out[key] != nil {
			return nil, fmt.Errorf("%s:%d: %s appears twice", name, line, key)
		}
		out[key] = p
	}
}
