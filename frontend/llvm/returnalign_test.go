package llvmfront

import "testing"

// TestStripReturnAlign: align goes from the return attributes of calls,
// definitions and declarations, nothing else changes, and lines keep
// their numbers.
func TestStripReturnAlign(t *testing.T) {
	in := "define linkonce_odr noundef nonnull align 8 dereferenceable(8) i32** @f(i32* noundef align 4 %p) {\n" +
		"  %1 = call noundef nonnull align 4 dereferenceable(4) i32* @g(i32* noundef align 4 %p)\n" +
		"  %2 = load i32, i32* %1, align 4\n" +
		"  ret i32** null\n}\n" +
		"declare nonnull align 4 i32* @g(i32* noundef align 4)\n"
	want := "define linkonce_odr noundef nonnull dereferenceable(8) i32** @f(i32* noundef align 4 %p) {\n" +
		"  %1 = call noundef nonnull dereferenceable(4) i32* @g(i32* noundef align 4 %p)\n" +
		"  %2 = load i32, i32* %1, align 4\n" +
		"  ret i32** null\n}\n" +
		"declare nonnull i32* @g(i32* noundef align 4)\n"
	if got := string(stripReturnAlign([]byte(in))); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if _, err := parseModule("r.ll", []byte(in)); err != nil {
		t.Errorf("the IR does not parse: %v", err)
	}
}
