package llvmfront

import (
	"strconv"
	"strings"
)

// C++ (clang++ -S -emit-llvm -g -fno-exceptions, typed pointers): function
// names are mangled (Itanium ABI). A plain function or member function
// gets its demangled name as the procedure name (_Z2t0v is t0,
// _ZN5Queue4pushEi is Queue_push), so that tests can name operations as
// written, unless two functions demangle to the same name (overloads),
// which keep their mangled names. operator new and delete are malloc and
// free.

// demangle returns the plain name of a simple mangled C++ function name,
// or "".
func demangle(name string) string {
	rest, ok := strings.CutPrefix(name, "_Z")
	if !ok {
		return ""
	}
	nested := strings.HasPrefix(rest, "N")
	if nested {
		rest = rest[1:]
		// cv-qualifiers of member functions
		for len(rest) > 0 && (rest[0] == 'K' || rest[0] == 'V' || rest[0] == 'r') {
			rest = rest[1:]
		}
	}
	var parts []string
	for len(rest) > 0 && rest[0] >= '1' && rest[0] <= '9' {
		i := 0
		for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
			i++
		}
		n, err := strconv.Atoi(rest[:i])
		if err != nil || i+n > len(rest) {
			return ""
		}
		parts = append(parts, rest[i:i+n])
		rest = rest[i+n:]
		if !nested {
			break
		}
	}
	if len(parts) == 0 || nested && !strings.HasPrefix(rest, "E") {
		return ""
	}
	return identName(strings.Join(parts, "_"))
}

// cxxAllocators are the C++ allocation functions: operator new, new[],
// delete and delete[] (sized and unsized).
var cxxAllocators = map[string]bool{"_Znwm": true, "_Znam": true}
var cxxFrees = map[string]bool{"_ZdlPv": true, "_ZdaPv": true, "_ZdlPvm": true, "_ZdaPvm": true}

// cxxFailure says what a call of a C++ runtime function that only runs
// when the program throws or terminates means, or "" for other functions.
// Exceptions are off (-fno-exceptions): libstdc++'s std::__throw_X helpers
// (declared, defined in the shared library) and __cxa_throw end the
// program through std::terminate, so each is a failure at the call, as
// std::terminate itself is.
func cxxFailure(name string) string {
	switch name {
	case "_ZSt9terminatev", "__cxa_throw", "__cxa_rethrow", "__cxa_bad_cast", "__cxa_bad_typeid", "__cxa_pure_virtual", "__cxa_deleted_virtual", "_ZSt17rethrow_exceptionNSt15__exception_ptr13exception_ptrE":
		return "std::terminate: the program throws an exception or terminates (exceptions are off)"
	}
	rest, ok := strings.CutPrefix(name, "_ZSt")
	if !ok {
		return ""
	}
	i := 0
	for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
		i++
	}
	n, err := strconv.Atoi(rest[:i])
	if err != nil || i+n > len(rest) {
		return ""
	}
	what, ok := strings.CutPrefix(rest[i:i+n], "__throw_")
	if !ok {
		return ""
	}
	what = strings.TrimSuffix(what, "_fmt")
	return "the program throws std::" + what + " (exceptions are off: std::terminate)"
}
