package lsl

import (
	"slices"
	"strings"
	"testing"
)

func TestFailTags(t *testing.T) {
	for _, o := range C11Orders {
		tag := FailTag(o)
		if !ValidTag(tag) || !IsC11Tag(tag) {
			t.Errorf("%s: valid %v, C11 %v", tag, ValidTag(tag), IsC11Tag(tag))
		}
		if got, ok := ParseFailTag(tag); !ok || got != o {
			t.Errorf("ParseFailTag(%s) = %s, %v", tag, got, ok)
		}
	}
	for _, bad := range []string{"fail.", "fail.FOO", "fail", "sel.c1.ACQ", "ACQ"} {
		if _, ok := ParseFailTag(bad); ok {
			t.Errorf("ParseFailTag(%s) accepted", bad)
		}
	}
}

// TestCASReadTags: the load of a compare-exchange gets a failure tag
// exactly when the failure order differs from the success order's read
// part.
func TestCASReadTags(t *testing.T) {
	for _, c := range []struct{ succ, fail, want string }{
		{"RLX", "RLX", "A,RLX"},
		{"ACQ", "RLX", "A,ACQ,fail.RLX"},
		{"ACQ", "ACQ", "A,ACQ"},
		{"REL", "RLX", "A,REL"},
		{"ACQ_REL", "RLX", "A,ACQ_REL,fail.RLX"},
		{"ACQ_REL", "ACQ", "A,ACQ_REL"},
		{"SC", "RLX", "A,SC,fail.RLX"},
		{"SC", "ACQ", "A,SC,fail.ACQ"},
		{"SC", "SC", "A,SC"},
		{"RLX", "ACQ", "A,RLX,fail.ACQ"}, // C++17: a failure stronger than success
	} {
		if got := strings.Join(CASReadTags([]string{"A", c.succ}, c.fail), ","); got != c.want {
			t.Errorf("CASReadTags(%s, %s) = %s, want %s", c.succ, c.fail, got, c.want)
		}
	}
}

func TestOutcomeTags(t *testing.T) {
	for _, c := range []struct {
		tags   string
		failed bool
		want   string
	}{
		{"A,ACQ,fail.RLX", false, "A,ACQ"},
		{"A,ACQ,fail.RLX", true, "A,RLX"},
		{"A,SC,fail.ACQ", true, "A,ACQ"},
		{"A,SC", true, "A,SC"},
		{"A,ACQ", false, "A,ACQ"},
	} {
		if got := strings.Join(OutcomeTags(strings.Split(c.tags, ","), c.failed), ","); got != c.want {
			t.Errorf("OutcomeTags(%s, %v) = %s, want %s", c.tags, c.failed, got, c.want)
		}
	}
}

// TestResolveFailTag: a selected order candidate raises the failure
// order to its read part at least (the source edit: synth), and the tag
// goes when the failure order is the resolved order's read part.
func TestResolveFailTag(t *testing.T) {
	for _, c := range []struct {
		tags string
		sel  []int
		want string
	}{
		{"A,ACQ,fail.RLX,sel.c1.ACQ_REL,sel.c2.SC", nil, "A,ACQ,fail.RLX"},
		{"A,ACQ,fail.RLX,sel.c1.ACQ_REL,sel.c2.SC", []int{1}, "A,ACQ_REL"},
		{"A,ACQ,fail.RLX,sel.c1.ACQ_REL,sel.c2.SC", []int{2}, "A,SC"},
		{"A,SC,fail.RLX", nil, "A,SC,fail.RLX"},
		{"A,RLX,fail.ACQ,sel.c1.REL", []int{1}, "A,REL,fail.ACQ"},
		{"A,RLX,fail.ACQ,sel.c1.SC", []int{1}, "A,SC"},
	} {
		got := ResolveTags(strings.Split(c.tags, ","), func(id int) bool { return slices.Contains(c.sel, id) })
		if s := strings.Join(got, ","); s != c.want {
			t.Errorf("ResolveTags(%s, %v) = %s, want %s", c.tags, c.sel, s, c.want)
		}
	}
}

// TestSanityFailTag: a failure tag belongs on the ordered load of an
// atomic block only.
func TestSanityFailTag(t *testing.T) {
	for _, c := range []struct {
		body string
		bad  bool
	}{
		{"atomic { %r := load<A,ACQ,fail.RLX> @x  store<A,ACQ> @x, 1 }", false},
		{"%r := load<A,ACQ,fail.RLX> @x", true},
		{"atomic { %r := load<fail.RLX> @x }", true},
		{"atomic { %r := load<A,ACQ> @x  store<A,ACQ,fail.RLX> @x, 1 }", true},
		{"fence store-store<fail.RLX>", true},
	} {
		p, err := Parse("t.lsl", []byte("global x : int\nproc p() {\n"+c.body+"\n}\n"))
		if err != nil {
			t.Fatalf("%s: %v", c.body, err)
		}
		if err := Sanity(p); (err != nil) != c.bad {
			t.Errorf("%s: Sanity = %v", c.body, err)
		}
	}
}

// TestFailTagRoundTrip: the printer writes a failure tag that the parser
// reads back.
func TestFailTagRoundTrip(t *testing.T) {
	src := "global x : int\nproc p() {\natomic { %r := load<A,SC,fail.ACQ> @x  %ok := eq(%r, 0)  if %ok { store<A,SC> @x, 1 } }\n}\n"
	p, err := Parse("t.lsl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	text := Format(p, PrintOptions{})
	q, err := Parse("t.lsl", []byte(text))
	if err != nil {
		t.Fatalf("%v in\n%s", err, text)
	}
	var tags []string
	Walk(q.Procs[0].Body, func(s Stmt) bool {
		if l, ok := s.(*Load); ok {
			tags = l.Tags
		}
		return true
	})
	if strings.Join(tags, ",") != "A,SC,fail.ACQ" || FailOrder(tags) != "ACQ" {
		t.Errorf("tags after a round trip: %v\n%s", tags, text)
	}
}
