package litmus

import (
	"testing"
)

// TestMixedLayout pins which tests use the byte layout and the cells it
// cuts each location into.
func TestMixedLayout(t *testing.T) {
	arm := func(init, table string) string {
		return "AArch64 t\n{ " + init + " }\n P0 | P1 ;\n" + table + "exists (x=1)\n"
	}
	cases := []struct{ name, src, want string }{
		{"whole accesses", arm("0:X1=x; 1:X1=x;", " STR W0,[X1] | LDR W2,[X1] ;\n"), ""},
		{"64 bits whole", arm("uint64_t x; 0:X1=x;", " STR X0,[X1] | ;\n"), ""},
		{"untyped 64 bits", arm("0:X1=x;", " STR X0,[X1] | ;\n"), ""},
		{"one location per size", arm("0:X1=x; 0:X2=y;", " STR X0,[X1] | ;\n STR W0,[X2] | ;\n"), ""},
		{"halves", arm("uint64_t x; 0:X1=x; 1:X1=x;", " STR X0,[X1] | LDR W2,[X1,#4] ;\n"), "x:[0,4)[4,8)"},
		{"low half, 64-bit condition", arm("uint64_t x; 0:X1=x;", " STR W0,[X1] | ;\n"), "x:[0,4)[4,8)"},
		{"byte into word", arm("0:X1=x; 1:X1=x;", " STRB W0,[X1,#1] | LDR W2,[X1] ;\n"), "x:[0,1)[1,2)[2,4)"},
		{"pair", arm("uint64_t x; 0:X1=x;", " STP W2,W3,[X1] | ;\n"), "x:[0,4)[4,8)"},
		{"register offset", arm("uint64_t x; 0:X1=x; 0:X2=4;", " STR W0,[X1,X2] | ;\n"), "x:[0,4)[4,8)"},
		{"folded dependency", arm("uint64_t x; 0:X1=x;", " LDR X3,[X1] | ;\n EOR W4,W3,W3 | ;\n ADD W4,W4,#4 | ;\n STR W0,[X1,W4,SXTW] | ;\n"), "x:[0,4)[4,8)"},
		{"offset at run time", arm("uint32_t x; 0:X1=x;", " LDR W3,[X1] | ;\n AND W4,W3,#2 | ;\n LDRH W0,[X1,W4,SXTW] | ;\n"), "x:[0,1)[1,2)[2,3)[3,4)"},
		{"array", arm("uint8_t x[8]; 0:X1=x;", " STRB W0,[X1,#5] | ;\n"), "x:[0,1)[1,5)[5,6)"},
		{"through a pointer", arm("y=x; 0:X1=y; 1:X1=x;", " LDR X2,[X1] | STRH W0,[X1,#2] ;\n LDR W3,[X2] | ;\n"), "x:[0,2)[2,4) y:[0,8)"},
	}
	for _, c := range cases {
		_, p, err := parseWith("t.litmus", []byte(c.src), nil, false)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		got := ""
		if p.mixed.trigger != "" {
			got = p.mixed.describe()
		}
		if got != c.want {
			t.Errorf("%s: cells %q, want %q (trigger %q)", c.name, got, c.want, p.mixed.trigger)
		}
		if _, err := Parse("t.litmus", []byte(c.src)); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}
