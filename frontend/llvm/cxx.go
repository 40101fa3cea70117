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
