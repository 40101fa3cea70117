package lsl

import "testing"

func TestUnsupported(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"floating point is not supported", "unsupported: floating point"},
		{"recursive mutexes are not supported (a mutex is a spinlock)", "unsupported: recursive mutexes (a mutex is a spinlock)"},
		{"pthread_exit in f, which is also called as a function, is not supported; return from it instead", "unsupported: pthread_exit in f, which is also called as a function; return from it instead"},
		{"exit(0) is only supported in main after its last pthread_join", "unsupported: exit(0) (only in main after its last pthread_join)"},
		{"unsupported: x", "unsupported: x"},
		{"d: floating point is not supported", "unsupported: floating point (d)"},
		{"field s.u: unions are not supported", "unsupported: unions (field s.u)"},
		{"global x is declared but not defined", "global x is declared but not defined"},
		{"an atomic access of type i64 covers several fields: not supported", "unsupported: an atomic access of type i64 covers several fields"},
	} {
		if got := Unsupported(c.in); got != c.want {
			t.Errorf("Unsupported(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
