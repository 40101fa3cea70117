package datatypes

import (
	"strings"
	"testing"

	"github.com/checkfence/checkfence/mining"
)

const header = "datatype,variant,test,model,verdict,reason,slow,max_unroll,fair\n"

func TestParseExpected(t *testing.T) {
	src := header + "# a comment\nmsn,fenced,T0,relaxed,PASS,,,,\nmsn,omit:42,Tpc2,relaxed,INCONCLUSIVE,unroll-limit,slow,8,off\n"
	rows, err := ParseExpected("e.csv", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 {
		t.Fatalf("%d rows", len(rows))
	}
	r := rows[1]
	if r.Line != 4 || r.Variant != "omit:42" || r.Verdict != mining.Inconclusive || !r.Slow || r.MaxUnroll != 8 || !r.Unfair {
		t.Errorf("row = %+v", r)
	}
	if rows[0].Unfair {
		t.Errorf("row 0 is fair")
	}
	if s := rows[0].String(); s != "msn/fenced/T0/relaxed" {
		t.Errorf("String() = %q", s)
	}
}

func TestParseExpectedErrors(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"header", "a,b\n", "first line"},
		{"verdict", header + "msn,fenced,T0,sc,OK,,,,\n", "unknown verdict"},
		{"pass reason", header + "msn,fenced,T0,sc,PASS,consistency,,,\n", "no reason"},
		{"fail reason", header + "msn,fenced,T0,sc,FAIL,,,,\n", "needs a reason"},
		{"slow", header + "msn,fenced,T0,sc,PASS,,yes,,\n", "slow column"},
		{"unroll", header + "msn,fenced,T0,sc,PASS,,,0,\n", "max_unroll"},
		{"datatype", header + "queue,fenced,T0,sc,PASS,,,,\n", "unknown data type"},
		{"fair", header + "msn,fenced,T0,sc,PASS,,,,no\n", "fair column"},
		{"fields", header + "msn,fenced\n", "wrong number of fields"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseExpected("e.csv", strings.NewReader(tc.src))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}

func TestNewVariant(t *testing.T) {
	for _, tc := range []struct {
		datatype, variant string
		impl, spec        string
		omit              int
	}{
		{"msn", "fenced", "d/msn/msn.c", "", 0},
		{"msn", "reuse", "d/msn/msn_reuse.c", "", 0},
		{"snark", "spec", "d/snark/snark.c", "d/snark/ref.c", 0},
		{"harris", "omit:61", "d/harris/harris.c", "", 61},
	} {
		v, err := NewVariant("d", tc.datatype, tc.variant)
		if err != nil {
			t.Fatal(err)
		}
		if v.Impl[0] != tc.impl || v.Impl[1] != "d/"+tc.datatype+"/harness.c" || v.Spec != tc.spec || v.OmitLine != tc.omit {
			t.Errorf("%s %s: %+v", tc.datatype, tc.variant, v)
		}
	}
	for _, bad := range [][2]string{{"queue", "fenced"}, {"msn", "omit:x"}, {"msn", "../x"}, {"msn", ""}} {
		if _, err := NewVariant("d", bad[0], bad[1]); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
}

func TestLoadOmitMissingFence(t *testing.T) {
	v, err := NewVariant(".", "msn", "omit:1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v.Load(); err == nil || !strings.Contains(err.Error(), "no fence") {
		t.Errorf("error %v, want no fence", err)
	}
}
