package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/mining"
)

func TestParseProperty(t *testing.T) {
	tests := []struct {
		text, want string
		err        string // the position of the error ("" for none)
		code       diag.ErrorCode
	}{
		{"CHECK( init(main()), LTL(G ! call(reach_error())) )\n", propUnreachCall, "", 0},
		{"CHECK( init(main()), LTL(G ! call(__VERIFIER_error())) )", propUnreachCall, "", 0},
		{"CHECK( init(main()), LTL(G ! data-race) )", propNoDataRace, "", 0},
		{"CHECK( init(main()), LTL(G valid-free) )\nCHECK( init(main()), LTL(G valid-deref) )\nCHECK( init(main()), LTL(G valid-memtrack) )\n", propMemSafety, "", 0},
		{"CHECK( init(main()), LTL(G valid-memcleanup) )", propMemCleanup, "", 0},
		{"CHECK( init(main()), LTL(G ! overflow) )", propNoOverflow, "", 0},
		{"CHECK( init(main()), LTL(F end) )", propTermination, "", 0},
		{"CHECK( init(main()), LTL(G valid-free) )", "", "p.prp:1:1: ", diag.CodeUnsupported},
		{"CHECK( init(start()), LTL(G ! data-race) )", "", "p.prp:1:1: ", diag.CodeUnsupported},
		{"CHECK( init(main()), LTL(G ! call(foo())) )", "", "p.prp:1:1: ", diag.CodeUnsupported},
		{"CHECK( init(main()), LTL(G ! data-race) )\nCHECK( init(main()), LTL(G ! overflow) )", "", "p.prp:2:1: ", diag.CodeDuplicateDecl},
		{"reach_error", "", "p.prp:1:1: ", diag.CodeSyntax},
		{"", "", "p.prp:1:1: ", diag.CodeSyntax},
	}
	for _, tc := range tests {
		got, err := parseProperty("p.prp", tc.text)
		if tc.err != "" {
			if !slices.Equal(diag.Codes(err), []diag.ErrorCode{tc.code}) || !strings.HasPrefix(err.Error(), tc.err) {
				t.Errorf("%q: error %v (codes %v), want %q… [%v]", tc.text, err, diag.Codes(err), tc.err, tc.code)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%q: %q, %v; want %q", tc.text, got, err, tc.want)
		}
	}
}

// A failure is FALSE only when it violates the property; anything else
// that is not a PASS is UNKNOWN.
func TestAnswerFor(t *testing.T) {
	fail := func(reason, msg string) *mining.Result {
		return &mining.Result{Verdict: mining.Fail, Reason: reason, Message: msg}
	}
	tests := []struct {
		prop string
		r    *mining.Result
		want string
	}{
		{propUnreachCall, &mining.Result{Verdict: mining.Pass}, "TRUE"},
		{propUnreachCall, fail(mining.ReasonAssertion, "x.c:3:5: reach_error() reached (t1)"), "FALSE(unreach-call)"},
		{propUnreachCall, fail(mining.ReasonRuntimeError, "x.c:3:5: null dereference: `p` is 0 (t1)"), "UNKNOWN"},
		{propUnreachCall, fail(mining.ReasonDataRace, "x.c:3:5: ..."), "UNKNOWN"},
		{propUnreachCall, &mining.Result{Verdict: mining.Inconclusive, Reason: mining.ReasonTimeout}, "UNKNOWN"},
		{propNoDataRace, fail(mining.ReasonDataRace, "x.c:3:5: this load ..."), "FALSE(no-data-race)"},
		{propNoDataRace, fail(mining.ReasonAssertion, "x.c:3:5: reach_error() reached"), "UNKNOWN"},
		{propMemSafety, fail(mining.ReasonRuntimeError, "x.c:11:5: free of a block that is not allocated (double free) (t1 in release)"), "FALSE(valid-free)"},
		{propMemSafety, fail(mining.ReasonRuntimeError, "x.c:8:10: use after free: `buf[0]` writes 1"), "FALSE(valid-deref)"},
		{propMemSafety, fail(mining.ReasonRuntimeError, "x.c:8:10: out-of-bounds access: index 2 of arr"), "FALSE(valid-deref)"},
		{propMemSafety, fail(mining.ReasonRuntimeError, "x.c:12: memory leak: block#1, allocated by malloc, is not freed"), "UNKNOWN"},
		{propMemSafety, fail(mining.ReasonRuntimeError, "x.c:12: division by zero"), "UNKNOWN"},
		{propMemCleanup, fail(mining.ReasonRuntimeError, "x.c:12: memory leak: block#1, allocated by malloc, is not freed"), "FALSE(valid-memcleanup)"},
		{propNoOverflow, &mining.Result{Verdict: mining.Pass}, "TRUE"},
		{propNoOverflow, fail(mining.ReasonRuntimeError, "x.c:17:13: signed integer overflow: the addition does not fit in 32 bits (final)"), "FALSE(no-overflow)"},
		{propNoOverflow, fail(mining.ReasonRuntimeError, "x.c:17:13: a 64-bit signed multiplication or shift, whose overflow is not checked"), "UNKNOWN"},
		{propTermination, &mining.Result{Verdict: mining.Pass}, "UNKNOWN"},
		{propUnreachCall, nil, "UNKNOWN"},
	}
	for _, tc := range tests {
		a := answerFor(tc.prop, tc.r)
		if got := strings.TrimSpace(answerLineOf(a)); got != tc.want {
			t.Errorf("%s, %+v: %s, want %s", tc.prop, tc.r, got, tc.want)
		}
	}
}

func answerLineOf(a svcompAnswer) string {
	var b strings.Builder
	_ = writeAnswer(&b, a)
	return b.String()
}

// The exit statuses of property mode, and its usage errors.
func TestPropertyModeCLI(t *testing.T) {
	prp := svcompDir + "/properties/unreach-call.prp"
	for _, tc := range []struct {
		args []string
		code int
		out  string
	}{
		{[]string{"run", svcompDir + "/pthread/counter_mutex-1.c", "--prop", prp}, exitPass, "TRUE\n"},
		{[]string{"run", svcompDir + "/pthread/counter_nolock-2.c", "--prop", prp, "--data-model", "ilp32"}, exitFail, "FALSE(unreach-call)\n"},
		{[]string{"run", svcompDir + "/pthread/data_model-1.c", "--prop", prp, "--data-model", "LP64"}, exitFail, "FALSE(unreach-call)\n"},
		{[]string{"run", svcompDir + "/pthread/data_model-1.c", "--prop", prp, "--data-model", "ILP32"}, exitPass, "TRUE\n"},
		{[]string{"run", svcompDir + "/pthread/counter_mutex-1.c", "--prop", prp, "--data-model", "LP32"}, exitUsage, ""},
		{[]string{"run", svcompDir + "/pthread/counter_mutex-1.c", "--data-model", "ILP32"}, exitUsage, ""},
		{[]string{"run", svcompDir + "/pthread/counter_mutex-1.c", "--prop", prp, "--races", "warn"}, exitUsage, ""},
		{[]string{"run", svcompDir + "/pthread/counter_mutex-1.c", "--prop", svcompDir + "/pthread/counter_mutex-1.c"}, exitUsage, ""},
	} {
		code, out, errOut := runCLI(tc.args...)
		if code != tc.code || !strings.HasSuffix(out, tc.out) {
			t.Errorf("%v: exit status %d, output %q%q; want %d ending %q", tc.args, code, out, errOut, tc.code, tc.out)
		}
	}
}
