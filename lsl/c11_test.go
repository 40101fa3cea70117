package lsl

import "testing"

func TestC11RoleTags(t *testing.T) {
	for _, r := range []C11Role{
		{Kind: "R", Order: "SC"}, {After: true, Kind: "RMW", Order: "ACQ_REL"}, {Kind: "W", Order: "REL"},
	} {
		tag := r.Tag()
		if !ValidTag(tag) {
			t.Errorf("%s is not a valid tag", tag)
		}
		if got, ok := ParseC11Role(tag); !ok || got != r {
			t.Errorf("ParseC11Role(%s) = %v, %v", tag, got, ok)
		}
		if !IsC11Tag(tag) {
			t.Errorf("%s is not C11 vocabulary", tag)
		}
	}
	for _, bad := range []string{"c11-before-R", "c11-during-R-SC", "c11-after-X-SC", "c11-after-R-FOO", "before-R-SC"} {
		if _, ok := ParseC11Role(bad); ok {
			t.Errorf("ParseC11Role(%s) accepted", bad)
		}
	}
	for tag, want := range map[string]bool{"A": true, "NA": true, "NAL": true, "ACQ_REL": true, "mm-only": true, "L": false, "DMB.ISH": false, "X": false} {
		if IsC11Tag(tag) != want {
			t.Errorf("IsC11Tag(%s) = %v", tag, !want)
		}
	}
	if C11Order([]string{"A", "REL"}) != "REL" || C11Order([]string{"A", "X"}) != "" {
		t.Error("C11Order")
	}
}
