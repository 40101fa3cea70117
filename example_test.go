package checkfence_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/checkfence/checkfence"
)

// Check the Michael-Scott queue of the dissertation on the relaxed model:
// with its fences, and without them.
func Example() {
	const dir = "tests/datatypes/msn/"
	for _, impl := range []string{"msn.c", "msn_nofence.c"} {
		prog, err := checkfence.Load(dir+impl, dir+"harness.c", dir+"msn.tst")
		if err != nil {
			fmt.Println(err)
			return
		}
		r, err := prog.Check(context.Background(), "T0", checkfence.Options{Model: "relaxed"})
		if err != nil {
			fmt.Println(err)
			return
		}
		line := fmt.Sprint(impl, " ", r.Test, " ", r.Verdict)
		if r.Reason != "" {
			line += " " + r.Reason // why it failed: runtime-error, assertion, …
		}
		fmt.Println(line)
	}
	// Output:
	// msn.c T0 PASS
	// msn_nofence.c T0 FAIL runtime-error
}

// A FAIL's counterexample, printed as "checkfence run" prints it.
func ExampleResult_WriteTrace() {
	const dir = "tests/datatypes/msn/"
	prog, err := checkfence.Load(dir+"msn_nofence.c", dir+"harness.c", dir+"msn.tst")
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := prog.Check(context.Background(), "T0", checkfence.Options{Model: "relaxed"})
	if err != nil {
		fmt.Println(err)
		return
	}
	var b strings.Builder
	r.WriteTrace(&b)
	first, _, _ := strings.Cut(b.String(), "\n")
	fmt.Println(first)
	// Output: counterexample for T0 on relaxed: runtime error
}

// Input errors carry their position.
func ExampleLoad_error() {
	_, err := checkfence.Load("tests/datatypes/msn/msn.c", "tests/datatypes/msn/harness.c", "no-such.tst")
	fmt.Println(err)
	// Output: no-such.tst:1:1: no such file
}
