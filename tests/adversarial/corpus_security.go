package adversarial

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// securityCases are inputs that make the tool read or write files it
// should not, or write raw control characters to the terminal (issue 50):
// positions that name a file the user did not give (#line, loc,
// !DIFile), --html into a directory with symbolic links, report paths
// that are inputs, labels with escape sequences, file names with
// newlines.
func securityCases() []*Case {
	var cs []*Case
	// Source text only from input files: in every output form.
	for _, src := range []struct {
		lang, file, text string
	}{
		{"C #line", "a.c", "#include <lsl_protos.h>\nint X;\n#line 1 \"secret.txt\"\nvoid w(void) { X = 1; lsl_assert(X == 2); }\n"},
		{"LSL loc", "a.lsl", "global X\nproc w() {\n  loc \"secret.txt\" 2 1\n  store @X, 1\n  %r := load @X\n  %c := eq(%r, 2)\n  assert %c\n}\n"},
		{"LLVM !DIFile", "a.ll", difileLL},
	} {
		for _, out := range []struct {
			form  string
			flags []string
			file  string // the report file to look into ("" for stdout)
		}{
			{"text", []string{"-v"}, ""},
			{"json", []string{"--json"}, ""},
			{"junit", []string{"--junit", "r.xml"}, "r.xml"},
			{"sarif", []string{"--sarif", "r.sarif"}, "r.sarif"},
			{"html", []string{"--html", "h"}, "h"},
		} {
			c := &Case{Name: fmt.Sprintf("%s names another file, %s", src.lang, out.form), Category: "security",
				Files: map[string]string{src.file: src.text, "t.tst": oneOpTest, "secret.txt": secretText},
				Args:  append([]string{"run", src.file, "t.tst"}, out.flags...),
				Want:  Want{Exit: 1, Msg: `secret\.txt:\d`, NotMsg: "SECRET-LINE"}}
			if out.file != "" {
				c.Want.Msg = ""
				c.Check = noSecretIn(out.file)
			}
			cs = append(cs, c)
		}
	}
	// Files a position names that are not inputs: absolute paths, links
	// out of the directory, non-source files beside the program. The C
	// file an .ll was compiled from, beside it, is shown.
	passwd := "root:x:0:0"
	cs = append(cs,
		cRun("C #line /etc/passwd", protos+"int X;\n#line 1 \"/etc/passwd\"\nvoid w(void) { X = 1; lsl_assert(X == 2); }\n",
			Want{Exit: 1, Msg: `passwd:1`, NotMsg: passwd}, "-v"),
		lslRun("LSL loc /etc/passwd", "global X\nproc w() {\n  loc \"/etc/passwd\" 1 1\n  store @X, 1\n  %r := load @X\n  %c := eq(%r, 2)\n  assert %c\n}\n", oneOpTest,
			Want{Exit: 1, Msg: `passwd:1`, NotMsg: passwd}, "--json"),
		llRun("LLVM !DIFile /etc/passwd", strings.Replace(difileLL, `filename: "secret.txt", directory: "."`, `filename: "passwd", directory: "/etc"`, 1),
			Want{Exit: 1, Msg: `passwd:2`, NotMsg: passwd}, "-v"),
		&Case{Name: "C #line to a .c link out of the directory", Category: "security",
			Files: map[string]string{"a.c": protos + "int X;\n#line 1 \"leak.c\"\nvoid w(void) { X = 1; lsl_assert(X == 2); }\n", "t.tst": oneOpTest, "secret.txt": secretText},
			Setup: symlink("secret.txt", "leak.c"), Args: []string{"run", "a.c", "t.tst", "-v"}, Want: Want{Exit: 1, Msg: `leak\.c:1`, NotMsg: "SECRET-LINE"}},
		&Case{Name: "LLVM IR beside its C file shows the C", Category: "security",
			Files: map[string]string{"a.ll": strings.Replace(difileLL, `filename: "secret.txt"`, `filename: "prog.c"`, 1), "t.tst": oneOpTest,
				"prog.c": "int X;\nvoid w(void) { X = 1; if (X != 2) __builtin_trap(); }\n"},
			Args: []string{"run", "a.ll", "t.tst", "-v"}, Want: Want{Exit: 1, Msg: `if \(X != 2\) __builtin_trap\(\)`}},
	)
	// --html DIR: regular files inside DIR only.
	victim := func(dir string) error { return writeFile(dir, "victim.txt", "precious\n") }
	cs = append(cs,
		&Case{Name: "html page is a symlink to a file", Category: "security", Files: map[string]string{"a.lsl": sbLSL, "t.tst": sbTst},
			Setup: all(victim, mkdir("h"), symlink("../victim.txt", "h/test-SB.html")),
			Args:  []string{"run", "a.lsl", "t.tst", "--html", "h"}, Want: verdict(1, "FAIL"),
			Check: all2(unchanged("victim.txt", "precious\n"), regularFile("h/test-SB.html"))},
		&Case{Name: "html index is a dangling symlink", Category: "security", Files: map[string]string{"a.lsl": sbLSL, "t.tst": sbTst},
			Setup: all(mkdir("h"), symlink("../outside.html", "h/index.html")),
			Args:  []string{"run", "a.lsl", "t.tst", "--html", "h"}, Want: verdict(1, "FAIL"),
			Check: all2(absent("outside.html"), regularFile("h/index.html"))},
		&Case{Name: "html page is a symlink to an input", Category: "security", Files: map[string]string{"a.lsl": sbLSL, "t.tst": sbTst},
			Setup: all(mkdir("h"), symlink("../a.lsl", "h/test-SB.html")),
			Args:  []string{"run", "a.lsl", "t.tst", "--html", "h"}, Want: verdict(1, "FAIL"),
			Check: all2(unchanged("a.lsl", sbLSL), regularFile("h/test-SB.html"))},
		&Case{Name: "html DIR is a symlink", Category: "security", Files: map[string]string{"a.lsl": sbLSL, "t.tst": sbTst},
			Setup: all(mkdir("elsewhere"), symlink("elsewhere", "h")),
			Args:  []string{"run", "a.lsl", "t.tst", "--html", "h"}, Want: usageErr("--html h: a symbolic link"),
			Check: absent("elsewhere/index.html")},
		&Case{Name: "html DIR/ is a symlink", Category: "security", Files: map[string]string{"a.lsl": sbLSL, "t.tst": sbTst},
			Setup: all(mkdir("elsewhere"), symlink("elsewhere", "h")),
			Args:  []string{"run", "a.lsl", "t.tst", "--html", "h/"}, Want: usageErr("--html h/: a symbolic link"),
			Check: absent("elsewhere/index.html")},
		&Case{Name: "html into the directory a symlink names", Category: "security", Files: map[string]string{"a.lsl": sbLSL, "t.tst": sbTst},
			Setup: all(mkdir("elsewhere"), symlink("elsewhere", "h")),
			Args:  []string{"run", "a.lsl", "t.tst", "--html", "elsewhere"}, Want: verdict(1, "FAIL"),
			Check: regularFile("elsewhere/index.html")},
	)
	// Report files that are inputs are refused before the run.
	for _, o := range []struct {
		name string
		args []string
		want string
		file string // an input that must stay as it was
	}{
		{"junit into the C file", []string{"--junit", "w.c"}, "--junit w.c: is an input file", "w.c"},
		{"junit into the LSL file", []string{"--junit", "a.lsl"}, "--junit a.lsl: is an input file", "a.lsl"},
		{"sarif into the test file", []string{"--sarif", "t.tst"}, "--sarif t.tst: is an input file", "t.tst"},
		{"junit into a link to an input", []string{"--junit", "link.xml"}, "--junit link.xml: is an input file", "a.lsl"},
		{"sarif into the model", []string{"--model", "m.mm", "--sarif", "m.mm"}, "--sarif m.mm: is an input file", "m.mm"},
		{"junit and sarif into one file", []string{"--junit", "r.xml", "--sarif", "r.xml"}, "--sarif r.xml: --junit names the same file", ""},
		{"sarif into a directory", []string{"--sarif", "."}, `--sarif \.: is a directory`, ""},
		{"junit into a missing directory", []string{"--junit", "nodir/r.xml"}, "--junit nodir/r.xml: the directory nodir does not exist", ""},
	} {
		c := cliRun(o.name, usageErr(o.want), append([]string{"run", "a.lsl", "w.c", "t.tst"}, o.args...)...)
		c.Category = "security"
		c.Files = map[string]string{"a.lsl": sbLSL, "t.tst": sbTst, "w.c": cOK}
		if o.name == "sarif into the model" {
			c.Files["m.mm"] = mmHead + scAxioms + "end model\n"
		}
		c.Setup = symlink("a.lsl", "link.xml")
		if o.file != "" {
			c.Check = unchanged(o.file, c.Files[o.file])
		}
		cs = append(cs, c)
	}
	// Control characters in labels, names and messages are escaped.
	raw := `[\x00-\x08\x0b-\x1f\x7f]`
	escaped := Want{Exit: 1, Msg: `\\u001b`, NotMsg: raw}
	cs = append(cs,
		cRun("C label with terminal escapes", protos+"int X;\nvoid w(void) { lsl_observe_label(\"\\x1b]0;PWNED\\x07\\x1b[2J\"); X = 1; lsl_assert(X == 2); }\n", escaped, "-v"),
		cRun("C label with NULs and a carriage return", protos+"int X;\nvoid w(void) { lsl_observe_label(\"a\\x00b\\rc\\x1b[8m\"); X = 1; lsl_assert(X == 2); }\n", escaped),
		cRun("C output name with escapes", protos+"int X;\nvoid w(void) { lsl_observe_output(\"\\x1b[2Jr\", 1); X = 1; }\n", Want{Exit: 0, Msg: `\\u001b\[2Jr`, NotMsg: raw}, "-v"),
		lslRun("LSL label with escapes", "global X\nproc w() { observe label \"\\x1b]0;PWNED\\x07\"  store @X, 1  %r := load @X  %c := eq(%r, 2)  assert %c }\n", oneOpTest, escaped, "-v"),
		lslRun("LSL assert message with escapes", "global X\nproc w() { store @X, 1  %r := load @X  %c := eq(%r, 2)  assert %c \"\\x1b[2J\\x1b]0;t\\x07\" }\n", oneOpTest, escaped),
		lslRun("LSL source line with escapes", "global X\nproc w() { store @X, 1  %r := load @X  %c := eq(%r, 2)  assert %c } // \x1b]0;PWNED\x07\x1b[2J\n", oneOpTest, Want{Exit: 1, NotMsg: raw}, "-v"),
	)
	// File names with control characters are quoted in file:line:col.
	badLSL := "global X\nproc w() { store @Y, 1 }\n"
	cs = append(cs,
		&Case{Name: "file name with a newline", Category: "security", Files: map[string]string{"a\nb.lsl:9:9: fake.lsl": badLSL, "t.tst": oneOpTest},
			Args: []string{"run", "a\nb.lsl:9:9: fake.lsl", "t.tst"}, Want: Want{Exit: 2, Msg: `(?m)^"a\\nb\.lsl:9:9: fake\.lsl":2:\d+: unknown global`, NotMsg: `(?m)^b\.lsl:9:9`}},
		&Case{Name: "file name with an escape", Category: "security", Files: map[string]string{"c\x1b[2Jd.lsl": badLSL, "t.tst": oneOpTest},
			Args: []string{"run", "c\x1b[2Jd.lsl", "t.tst"}, Want: Want{Exit: 2, Msg: `(?m)^"c\\x1b\[2Jd\.lsl":2:\d+: unknown global`, NotMsg: "\x1b"}},
	)
	return cs
}

const secretText = "SECRET-LINE-1 root:x:0:0\nSECRET-LINE-2 token=abc\nSECRET-LINE-3\n"

// difileLL is clang-14's IR of
//
//	int X;
//	void w(void) { X = 1; if (X != 2) __builtin_trap(); }
//
// with the debug info naming secret.txt as the source.
const difileLL = `@X = dso_local global i32 0, align 4, !dbg !0

define dso_local void @w() !dbg !14 {
  store i32 1, i32* @X, align 4, !dbg !18
  %1 = load i32, i32* @X, align 4, !dbg !19
  %2 = icmp ne i32 %1, 2, !dbg !21
  br i1 %2, label %3, label %4, !dbg !22

3:
  call void @llvm.trap(), !dbg !23
  br label %4, !dbg !23

4:
  ret void, !dbg !24
}

declare void @llvm.trap()

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!6, !7}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "X", scope: !2, file: !3, line: 1, type: !5, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !4, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "secret.txt", directory: ".")
!4 = !{!0}
!5 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!6 = !{i32 7, !"Dwarf Version", i32 5}
!7 = !{i32 2, !"Debug Info Version", i32 3}
!14 = distinct !DISubprogram(name: "w", scope: !3, file: !3, line: 2, type: !15, scopeLine: 2, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !17)
!15 = !DISubroutineType(types: !16)
!16 = !{null}
!17 = !{}
!18 = !DILocation(line: 2, column: 18, scope: !14)
!19 = !DILocation(line: 2, column: 27, scope: !20)
!20 = distinct !DILexicalBlock(scope: !14, file: !3, line: 2, column: 27)
!21 = !DILocation(line: 2, column: 29, scope: !20)
!22 = !DILocation(line: 2, column: 27, scope: !14)
!23 = !DILocation(line: 2, column: 35, scope: !20)
!24 = !DILocation(line: 2, column: 53, scope: !14)
`

// all runs the setups in order.
func all(setups ...func(string) error) func(string) error {
	return func(dir string) error {
		for _, s := range setups {
			if err := s(dir); err != nil {
				return err
			}
		}
		return nil
	}
}

// all2 runs the checks in order, reporting the first problem.
func all2(checks ...func(string, *Outcome) string) func(string, *Outcome) string {
	return func(dir string, o *Outcome) string {
		for _, c := range checks {
			if why := c(dir, o); why != "" {
				return why
			}
		}
		return ""
	}
}

// noSecretIn checks that the report file (or every file of the report
// directory) exists and shows no line of secret.txt.
func noSecretIn(name string) func(string, *Outcome) string {
	return func(dir string, _ *Outcome) string {
		var files []string
		filepath.WalkDir(filepath.Join(dir, name), func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				files = append(files, p)
			}
			return nil
		})
		if len(files) == 0 {
			return name + " was not written"
		}
		for _, f := range files {
			b, _ := os.ReadFile(f)
			if regexp.MustCompile("SECRET-LINE").Match(b) {
				return filepath.Base(f) + " shows the text of secret.txt"
			}
		}
		return ""
	}
}

// unchanged checks that a file still holds text.
func unchanged(name, text string) func(string, *Outcome) string {
	return func(dir string, _ *Outcome) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || string(b) != text {
			return name + " was changed"
		}
		return ""
	}
}

// regularFile checks that name is a regular file (not a link).
func regularFile(name string) func(string, *Outcome) string {
	return func(dir string, _ *Outcome) string {
		fi, err := os.Lstat(filepath.Join(dir, name))
		if err != nil || !fi.Mode().IsRegular() {
			return name + " is not a regular file"
		}
		return ""
	}
}

// absent checks that name was not created.
func absent(name string) func(string, *Outcome) string {
	return func(dir string, _ *Outcome) string {
		if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
			return name + " was created"
		}
		return ""
	}
}
