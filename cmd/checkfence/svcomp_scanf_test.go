package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The scanf family (frontend/scanf, docs/c-conventions.md "Input"): what
// scanf and fscanf read is any value, sscanf of a constant reads it, and a
// violation after a sscanf of another string is UNKNOWN.
func TestScanfInput(t *testing.T) {
	const head = "#include <stdio.h>\nextern void reach_error(void);\n"
	prp, err := filepath.Abs(svcompDir + "/properties/unreach-call.prp")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, body string
		code       int
		out        string
	}{
		{"scanf reads any values", `int main(void) { int n; long l; unsigned char c;
  if (scanf("%d %ld %hhu", &n, &l, &c) == 3 && n == 5 && l == -7 && c == 200) reach_error();
  return 0; }`, exitFail, "FALSE(unreach-call)\n"},
		{"scanf returns EOF to n, assigns only that many", `int main(void) { int a = 9, b = 8;
  int r = scanf("%d%d", &a, &b);
  if (r < -1 || r > 2) reach_error();
  if (r < 2 && b != 8) reach_error();
  if (r < 1 && a != 9) reach_error();
  return 0; }`, exitPass, "TRUE\n"},
		{"fscanf reads any values", `int main(void) { int a = 0;
  if (fscanf(stdin, "%d", &a) == 1 && a == -3) reach_error();
  return 0; }`, exitFail, "FALSE(unreach-call)\n"},
		{"sscanf of a constant reads it", `int main(void) { int a, b; unsigned x;
  if (sscanf("12 -34 ff", "%d %d %x", &a, &b, &x) != 3 || a != 12 || b != -34 || x != 255) reach_error();
  if (sscanf("", "%d", &a) != EOF) reach_error();
  return 0; }`, exitPass, "TRUE\n"},
		{"sscanf of another string is UNKNOWN", `int main(void) { char buf[4] = "12"; int m = 0;
  if (sscanf(buf, "%d", &m) == 1 && m == 3) reach_error();
  return 0; }`, exitInconclusive, "UNKNOWN\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := filepath.Join(t.TempDir(), "p.c")
			if err := os.WriteFile(src, []byte(head+tc.body+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			code, out, errOut := runCLI("run", src, "--prop", prp)
			if code != tc.code || !strings.HasSuffix(out, tc.out) {
				t.Errorf("exit status %d, output %q%q; want %d ending %q", code, out, errOut, tc.code, tc.out)
			}
		})
	}
	// a string conversion is refused at the call
	src := filepath.Join(t.TempDir(), "s.c")
	if err := os.WriteFile(src, []byte(head+"int main(void) { char s[8]; scanf(\"%7s\", s); return 0; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI("run", src, "--prop", prp)
	if code != exitUsage || !strings.Contains(errOut, "s.c:3:") || !strings.Contains(errOut, "%s") {
		t.Errorf("scanf %%7s: exit status %d, %q; want 2 and the conversion at s.c:3", code, errOut)
	}
}

// The C front end models the scanf family as the LLVM front end does.
func TestScanfInputCFrontend(t *testing.T) {
	dir := t.TempDir()
	src := `#include <stdio.h>
int g;
void w(void) {
  int a = 9; long l = 0;
  int r = scanf("%d%ld", &a, &l);
  lsl_assert(r >= -1 && r <= 2);
  if (r < 1) lsl_assert(a == 9);
  int x, y;
  lsl_assert(sscanf("12 -3", "%d %d", &x, &y) == 2 && x == 12 && y == -3);
  lsl_assert(sscanf("", "%d", &x) == EOF);
  if (fscanf(stdin, "%d", &g) == 1) lsl_assert(g != 77);
}
`
	if err := os.WriteFile(filepath.Join(dir, "p.c"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "p.tst"), []byte("test T = ( w )\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI("run", filepath.Join(dir, "p.c"), filepath.Join(dir, "p.tst"), "--model", "sc", "--frontend", "c")
	if code != exitFail || !strings.Contains(out, "p.c:11:") || !strings.Contains(out, "g != 77") {
		t.Errorf("exit status %d, want 1 and the assertion of line 11 failing only:\n%s%s", code, out, errOut)
	}
}
