package cfront

import (
	"os"
	"testing"
)

// BenchmarkTranslateMS2 translates the two-lock queue and its harness
// (tests/datatypes/ms2): the front end's share of the fixed cost of a run.
func BenchmarkTranslateMS2(b *testing.B) {
	var srcs []Source
	for _, name := range []string{"ms2.c", "harness.c"} {
		text, err := os.ReadFile("../../tests/datatypes/ms2/" + name)
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, Source{Name: name, Text: text})
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := TranslateSources(srcs); err != nil {
			b.Fatal(err)
		}
	}
}
