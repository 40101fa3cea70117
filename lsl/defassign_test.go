package lsl

import (
	"sort"
	"strings"
	"testing"
)

func TestMaybeUnassigned(t *testing.T) {
	cases := []struct {
		src  string
		want string
	}{
		{`%a := 1  %b := add(%a, 1)`, ""},
		{`%b := add(%a, 1)`, "%a"},
		{`if 1 { %a := 1 } else { %a := 2 }  %b := %a`, ""},
		{`if 1 { %a := 1 }  %b := %a`, "%a"},
		{`L: { if 1 { %a := 1  break L }  %a := 2 }  %b := %a`, ""},
		{`L: { if 1 { break L }  %a := 2 }  %b := %a`, "%a"},
		{`L: { abort "x" }  %b := %a`, ""},
	}
	for _, c := range cases {
		p, err := Parse("t.lsl", []byte("proc p() {\n"+c.src+"\n}"))
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		var got []string
		for r := range maybeUnassigned(p.Procs[0].Body) {
			got = append(got, string(r))
		}
		sort.Strings(got)
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s: maybe unassigned %v, want %q", c.src, got, c.want)
		}
	}
}
