package llvmfront

import (
	"strings"
	"testing"
)

// libstdc++'s throw helpers and the C++ runtime's terminate paths are
// failures that name what was thrown; other functions are not.
func TestCxxFailure(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"_ZSt20__throw_length_errorPKc", "throws std::length_error"},
		{"_ZSt24__throw_out_of_range_fmtPKcz", "throws std::out_of_range"},
		{"_ZSt17__throw_bad_allocv", "throws std::bad_alloc"},
		{"_ZSt9terminatev", "std::terminate"},
		{"__cxa_throw", "std::terminate"},
		{"_ZSt4swapIiEvRT_S1_", ""},
		{"malloc", ""},
	} {
		got := cxxFailure(c.name)
		if (got == "") != (c.want == "") || !strings.Contains(got, c.want) {
			t.Errorf("cxxFailure(%s) = %q, want %q", c.name, got, c.want)
		}
	}
}
