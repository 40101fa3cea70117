package cat

import "testing"

func cls(k EventKind, tags ...string) EventClass { return EventClass{Kind: k, Tags: tags} }

// TestPoOrder checks the pairs the built-in models order in every
// execution, with the fences between and the same location, against the
// models' texts (docs/models.md).
func TestPoOrder(t *testing.T) {
	r, w, f := Read, Write, Fence
	type row struct {
		a       EventClass
		fences  []EventClass
		b       EventClass
		sameLoc bool
		want    bool
	}
	cases := map[string][]row{
		"arm8": {
			{cls(r), nil, cls(w), false, false},
			{cls(r, "A"), nil, cls(w), false, true},      // [A|Q]; po
			{cls(r, "A"), nil, cls(r), false, true},      // [A|Q]; po
			{cls(r), nil, cls(w, "L"), false, true},      // po; [L]
			{cls(w, "L"), nil, cls(r, "A"), false, true}, // [L]; po; [A]
			{cls(w, "L"), nil, cls(r), false, false},
			{cls(w, "L"), nil, cls(w), false, false},
			{cls(r), []EventClass{cls(f, "DMB.ISH")}, cls(r), false, true},
			{cls(w), []EventClass{cls(f, "DMB.ISHST")}, cls(w), false, true},
			{cls(w), []EventClass{cls(f, "DMB.ISHST")}, cls(r), false, false},
			{cls(r), []EventClass{cls(f, "DMB.ISHLD")}, cls(w), false, true},
			{cls(r), nil, cls(w), true, true},  // po-loc; [W]
			{cls(w), nil, cls(r), true, false}, // a local read successor is not ordered
		},
		"tso-cat": {
			{cls(r), nil, cls(r), false, true},
			{cls(r), nil, cls(w), false, true},
			{cls(w), nil, cls(w), false, true},
			{cls(w), nil, cls(r), false, false},
			{cls(w), []EventClass{cls(f, "mfence")}, cls(r), false, true},
		},
		"riscv": {
			{cls(r), nil, cls(w), false, false},
			{cls(r), []EventClass{cls(f, "Fence.r.rw")}, cls(w), false, true},
			{cls(r), []EventClass{cls(f, "Fence.rw.w")}, cls(w), false, true},
			{cls(w), []EventClass{cls(f, "Fence.rw.w")}, cls(w), false, true},
			{cls(w), []EventClass{cls(f, "Fence.rw.w")}, cls(r), false, false},
			{cls(r), nil, cls(w), true, true}, // rule 1: same-address store
		},
		"sc-cat": {
			{cls(w), nil, cls(r), false, true},
		},
	}
	for name, rows := range cases {
		m, ok := Builtin(name)
		if !ok {
			t.Fatalf("no built-in %s", name)
		}
		classes := []EventClass{cls(r), cls(w)}
		for _, row := range rows {
			classes = append(append(classes, row.a, row.b), row.fences...)
		}
		o := NewPoOrder(m, classes)
		if o == nil {
			t.Errorf("%s: no check holds rfe and fre", name)
			continue
		}
		for _, row := range rows {
			if got := o.Ordered(row.a, row.fences, row.b, row.sameLoc); got != row.want {
				t.Errorf("%s (check %s): Ordered(%v, %v, %v, same location %v) = %v, want %v", name, o.Check().Name, row.a, row.fences, row.b, row.sameLoc, got, row.want)
			}
		}
	}
}

// TestPoOrderLowerBound checks that a pair is ordered only when every
// execution orders it: a difference whose subtracted part other events
// can fill is no order at all, and a check without every fre pair is no
// check to argue in.
func TestPoOrderLowerBound(t *testing.T) {
	r, w := Read, Write
	classes := []EventClass{cls(r), cls(w)}
	src := `"t"
acyclic (po \ (po; [F]; po)) | rfe | fre as nofence
`
	m, err := Parse("t.cat", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	o := NewPoOrder(m, classes)
	if o == nil {
		t.Fatal("no check")
	}
	if o.Ordered(cls(r), nil, cls(w), false) {
		t.Error("po minus fenced pairs taken as an order: a fence between the two events removes the pair")
	}
	src = `"t"
acyclic (po \ (R * W)) | rfe | fre as local
`
	if m, err = Parse("t.cat", []byte(src)); err != nil {
		t.Fatal(err)
	}
	o = NewPoOrder(m, classes)
	if o == nil || !o.Ordered(cls(w), nil, cls(r), false) || o.Ordered(cls(r), nil, cls(w), false) {
		t.Error("po minus R * W: W before R is ordered, R before W is not")
	}
	src = `"t"
acyclic po | rfe as nofr
`
	if m, err = Parse("t.cat", []byte(src)); err != nil {
		t.Fatal(err)
	}
	if NewPoOrder(m, classes) != nil {
		t.Error("a check without fre taken")
	}
	src = `"t"
acyclic po | rf | (fr \ (R * FW)) as finalwrites
`
	if m, err = Parse("t.cat", []byte(src)); err != nil {
		t.Fatal(err)
	}
	if NewPoOrder(m, classes) != nil {
		t.Error("a from-read pair to a final write (FW: fewer as coherence grows) taken as held")
	}
}
