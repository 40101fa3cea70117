package cat

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/diag"
)

// suiteCat is the directory of the third-party .cat files (../shared next
// to the repository).
const suiteCat = "../../shared/suites/cat"

// unreadable reports whether err is a model file that could not be read.
func unreadable(err error) bool {
	c := diag.Codes(err)
	return len(c) > 0 && (c[0] == diag.CodeNoFile || c[0] == diag.CodeNotRegular || c[0] == diag.CodeUnreadable)
}

func suiteModel(t *testing.T, name string) *Model {
	t.Helper()
	m, err := LoadFile(filepath.Join(suiteCat, name+".cat"))
	if err != nil {
		if unreadable(err) {
			t.Skipf("suite not available: %v", err)
		}
		t.Fatal(err)
	}
	return m
}

// litmus builds a candidate execution from a compact description, one
// thread per "|"-separated column, events separated by ";":
//
//	W x 1     store of 1 to x      R x 1   load of x reading 1
//	F tag     fence with a tag     tags after "." : R.A x 1, W.L y 1
//
// Locations are single letters; every location gets an initial write of
// 0 (event numbers 0.. in order of first mention, before the threads).
// rf is fixed by the values (each store writes a distinct value per
// location; 0 is the initial write); co is given per location as the
// order of the written values, e.g. "x:1,2".
func litmus(t *testing.T, threads string, co ...string) *Candidate {
	t.Helper()
	type ev struct {
		kind  EventKind
		loc   string
		val   string
		tags  []string
		th    int
		index int
	}
	var evs []*ev
	var locs []string
	locIdx := map[string]int{}
	for ti, col := range strings.Split(threads, "|") {
		for _, s := range strings.Split(col, ";") {
			f := strings.Fields(s)
			if len(f) == 0 {
				continue
			}
			head := strings.Split(f[0], ".")
			e := &ev{th: ti, tags: head[1:]}
			switch head[0] {
			case "W":
				e.kind = Write
			case "R":
				e.kind = Read
			case "F":
				e.kind = Fence
			default:
				t.Fatalf("bad event %q", s)
			}
			if e.kind != Fence {
				if len(f) != 3 {
					t.Fatalf("bad access %q", s)
				}
				e.loc, e.val = f[1], f[2]
				if _, ok := locIdx[e.loc]; !ok {
					locIdx[e.loc] = len(locs)
					locs = append(locs, e.loc)
				}
			} else {
				e.tags = append(e.tags, f[1:]...)
			}
			evs = append(evs, e)
		}
	}
	c := &Candidate{}
	for i := range locs {
		c.Events = append(c.Events, Event{Thread: -1, Kind: Write, Loc: i})
	}
	writer := map[string]int{} // loc/val -> event
	for i := range locs {
		writer[locs[i]+"/0"] = i
	}
	for _, e := range evs {
		e.index = len(c.Events)
		loc := -1
		if e.kind != Fence {
			loc = locIdx[e.loc]
		}
		c.Events = append(c.Events, Event{Thread: e.th, Kind: e.kind, Loc: loc, Tags: e.tags})
		if e.kind == Write {
			writer[e.loc+"/"+e.val] = e.index
		}
	}
	for _, a := range evs {
		for _, b := range evs {
			if a.th == b.th && a.index < b.index {
				c.PO = append(c.PO, [2]int{a.index, b.index})
			}
		}
		if a.kind == Read {
			w, ok := writer[a.loc+"/"+a.val]
			if !ok {
				t.Fatalf("no store of %s to %s", a.val, a.loc)
			}
			c.RF = append(c.RF, [2]int{w, a.index})
		}
	}
	orders := map[string][]int{}
	for i, l := range locs {
		orders[l] = []int{i}
	}
	for _, spec := range co {
		loc, vals, _ := strings.Cut(spec, ":")
		for _, v := range strings.Split(vals, ",") {
			orders[loc] = append(orders[loc], writer[loc+"/"+v])
		}
	}
	for _, e := range evs { // stores not mentioned: after the mentioned ones, in order
		if e.kind == Write {
			found := false
			for _, w := range orders[e.loc] {
				found = found || w == e.index
			}
			if !found {
				orders[e.loc] = append(orders[e.loc], e.index)
			}
		}
	}
	for _, ord := range orders {
		for i := range ord {
			for j := i + 1; j < len(ord); j++ {
				c.CO = append(c.CO, [2]int{ord[i], ord[j]})
			}
		}
	}
	return c
}
