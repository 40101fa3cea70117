package axioms

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// sameAsParticiple checks the hand-written parser against participle on
// src: where it accepts, participle must accept with the same tree
// (positions included). It reports whether the fast parser accepted.
func sameAsParticiple(t *testing.T, src string) bool {
	t.Helper()
	fast, ok := parseFast("x.mm", []byte(src))
	slow, err := mmParser().ParseBytes("x.mm", []byte(src))
	if !ok {
		return false
	}
	if err != nil {
		t.Fatalf("the fast parser accepts what participle rejects (%v):\n%s", err, src)
	}
	if !reflect.DeepEqual(fast, slow) {
		t.Fatalf("the fast parser's tree differs from participle's:\nfast %#v\nslow %#v\n%s", fast, slow, src)
	}
	return true
}

// mmCorpus is every .mm text at hand: the built-in models, the test
// models of this package and the .mm files of the repository.
func mmCorpus(t testing.TB) []string {
	var srcs []string
	for _, name := range BuiltinNames() {
		src, _ := BuiltinSource(name)
		srcs = append(srcs, string(src))
	}
	srcs = append(srcs, scQuantified, weirdModel, quantModel,
		header+"<a> ~(mo(X, Y) => mo(Y, X)) <=> (true | false) & ~~X = Y\nend model\n")
	for _, pat := range []string{"../cmd/checkfence/testdata/*.mm", "../docs/examples/*.mm"} {
		files, _ := filepath.Glob(pat)
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			srcs = append(srcs, string(b))
		}
	}
	return srcs
}

func TestFastParserMatchesParticiple(t *testing.T) {
	// Well-formed input the fast parser must take (else Parse would
	// still be slow on it).
	accept := []string{
		"model m end model",
		"model m predefined exists forall require end model",
		"// c\r\nmodel m /* ü */ predefined set a relation r(a, a) predicate p(a)\n" +
			"forall X, Y': a require <l'_1> forall Z : a . r(Z, X) & ~p(Y') | true <=> false => X = Y' => (p(X))\nend model // end",
		"model\tm\fend/**/model/***/",
		"model m require <a> exists X : s . X = X <a> true end model",
		"model modelx' end model",
	}
	for _, src := range accept {
		if !sameAsParticiple(t, src) {
			t.Errorf("the fast parser gave up on well-formed input:\n%s", src)
		}
	}
	// Input participle rejects: the fast parser must give up.
	reject := []string{
		"", "model", "model m", "model m end model x", "model end model", "model m end' model",
		"model m /* end model", "model m / end model", "model m end model\v", "model 1m end model",
		"model m predefined set a() end model", "model m require <> true end model",
		"model m require <a> X end model", "model m require <a> f() end model",
		"model m require <a> forall X . true end model",
		"model m exists set a predefined set b end model", "model m require <a> (true end model",
		"model é end model",
	}
	for _, src := range reject {
		if sameAsParticiple(t, src) {
			t.Errorf("the fast parser accepted ill-formed input:\n%q", src)
		}
	}
	// Each model of the corpus, and variants with one byte deleted or
	// one character inserted (most of them wrong), every few bytes.
	corpus := mmCorpus(t)
	for _, src := range corpus {
		if !sameAsParticiple(t, src) {
			t.Errorf("the fast parser gave up on a model of the corpus:\n%s", src)
		}
	}
	variants, accepted := 0, 0
	for _, src := range corpus {
		for i := 0; i < len(src); i += 89 {
			for _, ins := range []string{"", "'", "(", "X", "end", "<", "/", "\n", "é"} {
				v := src[:i] + ins + src[i+1:]
				if ins != "" {
					v = src[:i] + ins + src[i:]
				}
				variants++
				if sameAsParticiple(t, v) {
					accepted++
				}
			}
		}
	}
	if accepted == 0 || accepted == variants {
		t.Fatalf("the fast parser accepted %d of %d variants: the variants test nothing", accepted, variants)
	}
	t.Logf("%d variants, %d accepted by the fast parser", variants, accepted)
}

// FuzzFastParser compares the hand-written parser with participle.
func FuzzFastParser(f *testing.F) {
	for _, src := range mmCorpus(f) {
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		sameAsParticiple(t, src)
	})
}
