package llvmfront

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
)

// The golden programs compiled by clang 19 and clang 15 (opaque pointers;
// testdata/golden/opaque, compiled as the clang-14 ones are, see
// TestGolden) translate to the golden LSL of clang 14's IR. The -O1 files
// differ from clang 14's -O1 code, so they have golden files of their own.
func TestGoldenOpaque(t *testing.T) {
	files, err := filepath.Glob("testdata/golden/opaque/*.ll")
	if err != nil || len(files) == 0 {
		t.Fatalf("no opaque golden inputs: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".ll")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if !isOpaque(src) {
				t.Fatalf("%s has no opaque pointers", file)
			}
			p, err := Translate([]string{file})
			if err != nil {
				t.Fatal(err)
			}
			got := lsl.Format(p, lsl.PrintOptions{})
			own := strings.TrimSuffix(file, ".ll") + ".lsl"
			if strings.HasSuffix(name, "_O1") {
				golden(t, own, got)
				return
			}
			typed := filepath.Join("testdata/golden", strings.TrimSuffix(name, "_clang15")+".lsl")
			want, err := os.ReadFile(typed)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("%s translates differently from clang 14's %s:\n%s", file, typed, got)
			}
		})
	}
}

// The rewrite keeps every line where it was (positions without debug
// information are lines of the .ll file) and leaves no opaque pointer.
func TestRetypeKeepsLines(t *testing.T) {
	files, _ := filepath.Glob("testdata/golden/opaque/*.ll")
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		out, err := readableSources([]Source{{Name: file, Text: src}})
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		text := out[0].Text
		if line := opaquePointerLine(text); line > 0 {
			t.Errorf("%s: line %d still has an opaque pointer", file, line)
		}
		in, got := strings.Split(string(src), "\n"), strings.Split(string(text), "\n")
		if len(got) < len(in) {
			t.Fatalf("%s: %d lines, was %d", file, len(got), len(in))
		}
		for i, l := range in {
			// the name an instruction defines stays on its line
			if def, _, ok := strings.Cut(strings.TrimSpace(l), " = "); ok && strings.HasPrefix(def, "%") && !strings.Contains(got[i], def+" = ") {
				t.Errorf("%s:%d: %s is no longer defined on its line: %q", file, i+1, def, got[i])
			}
		}
	}
}

// rewrite rewrites one opaque-pointer module.
func rewrite(t *testing.T, src string) string {
	t.Helper()
	out, err := readableSources([]Source{{Name: "in.ll", Text: []byte(src)}})
	if err != nil {
		t.Fatalf("rewrite: %v", err)
	}
	return string(out[0].Text)
}

// Each snippet's rewrite contains the lines wanted.
func TestRetypeSnippets(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"scalars", "@x = global i32 0\ndefine i32 @f(ptr %p) {\n  store i32 1, ptr @x\n  %v = load i32, ptr %p\n  ret i32 %v\n}\n",
			[]string{"store i32 1, i32* @x", "%v = load i32, i32* %p", "define i32 @f(i32* %p)"}},
		{"struct field and a cast of malloc",
			"%struct.node = type { ptr, i32 }\ndeclare ptr @malloc(i64)\ndefine void @f() {\n  %n = alloca ptr\n  %m = call ptr @malloc(i64 16)\n  store ptr %m, ptr %n\n  %a = load ptr, ptr %n\n  %g = getelementptr inbounds %struct.node, ptr %a, i32 0, i32 1\n  store i32 3, ptr %g\n  ret void\n}\n",
			[]string{"%n = alloca %struct.node*", "declare i8* @malloc(i64)", "= bitcast i8* %m to %struct.node*", "%g = getelementptr inbounds %struct.node, %struct.node* %a, i32 0, i32 1", "store i32 3, i32* %g"}},
		{"linked list field", "%struct.node = type { ptr, i32 }\ndefine ptr @next(ptr %n) {\n  %p = getelementptr inbounds %struct.node, ptr %n, i32 0, i32 0\n  %q = load ptr, ptr %p\n  %v = getelementptr inbounds %struct.node, ptr %q, i32 0, i32 1\n  ret ptr %q\n}\n",
			[]string{"%struct.node = type { %struct.node*, i32 }", "define %struct.node* @next(%struct.node* %n)", "%q = load %struct.node*, %struct.node** %p"}},
		{"phi cast in the predecessor", "@a = global i32 0\n@b = global i64 0\ndefine void @f(i1 %c) {\nentry:\n  br i1 %c, label %l, label %r\nl:\n  br label %j\nr:\n  br label %j\nj:\n  %p = phi ptr [ @a, %l ], [ @b, %r ]\n  store i32 1, ptr %p\n  ret void\n}\n",
			[]string{"%p = phi i32* [ @a, %l ], [ bitcast (i64* @b to i32*), %r ]"}},
		{"memcpy and intrinsic names", "@s = global [2 x i32] zeroinitializer\n@t = global [2 x i32] zeroinitializer\ndeclare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)\ndefine void @f() {\n  call void @llvm.memcpy.p0.p0.i64(ptr @s, ptr @t, i64 8, i1 false)\n  ret void\n}\n",
			[]string{"declare void @llvm.memcpy.p0i8.p0i8.i64(i8*, i8*, i64, i1)", "call void @llvm.memcpy.p0i8.p0i8.i64(i8* bitcast ([2 x i32]* @s to i8*), i8* bitcast ([2 x i32]* @t to i8*), i64 8, i1 false)"}},
		{"string decays", "@.str = private constant [3 x i8] c\"ab\\00\"\ndeclare void @use(ptr)\ndefine void @f() {\n  call void @use(ptr @.str)\n  ret void\n}\n",
			[]string{"call void @use(i8* getelementptr inbounds ([3 x i8], [3 x i8]* @.str, i64 0, i64 0))"}},
		{"debug record", "define void @f() {\n  %x = alloca i32\n    #dbg_declare(ptr %x, !1, !DIExpression(), !2)\n  ret void\n}\n!1 = !DILocalVariable(name: \"x\", type: !3)\n!2 = !DILocation(line: 1, scope: !4)\n!3 = !DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed)\n!4 = distinct !DISubprogram(name: \"f\")\n",
			[]string{"call void @llvm.dbg.declare(metadata i32* %x, metadata !1, metadata !DIExpression()), !dbg !2", "declare void @llvm.dbg.declare(metadata, metadata, metadata)"}},
		{"newer attributes and flags", "define i32 @f(ptr writable %p, i32 %x) #0 {\n  %y = or disjoint i32 %x, 1\n  %q = getelementptr inbounds nuw i32, ptr %p, i64 1\n  %z = zext nneg i32 %y to i64\n  %t = trunc nuw i64 %z to i32\n  %c = icmp samesign ult i32 %t, 4\n  ret i32 %t\n}\nattributes #0 = { nounwind memory(argmem: readwrite) uwtable(sync) }\n",
			[]string{"define i32 @f(i32* %p, i32 %x)", "%y = or i32 %x, 1", "%q = getelementptr inbounds i32, i32* %p, i64 1", "%z = zext i32 %y to i64", "%t = trunc i64 %z to i32", "%c = icmp ult i32 %t, 4", "attributes #0 = { nounwind uwtable }"}},
		{"debug types of a void pointer and a struct pointer",
			"%struct.s = type { i32 }\ndefine void @f(ptr %a) {\n  %1 = alloca ptr\n  %2 = alloca ptr\n  store ptr %a, ptr %1\n    #dbg_declare(ptr %1, !10, !DIExpression(), !2)\n  %3 = load ptr, ptr %1\n  store ptr %3, ptr %2\n    #dbg_declare(ptr %2, !11, !DIExpression(), !2)\n  %4 = load ptr, ptr %2\n  %5 = getelementptr inbounds %struct.s, ptr %4, i32 0, i32 0\n  ret void\n}\n" +
				"!2 = !DILocation(line: 1, scope: !4)\n!4 = distinct !DISubprogram(name: \"f\")\n!10 = !DILocalVariable(name: \"a\", arg: 1, type: !12)\n!11 = !DILocalVariable(name: \"s\", type: !13)\n!12 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)\n!13 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !14, size: 64)\n!14 = !DICompositeType(tag: DW_TAG_structure_type, name: \"s\", size: 32, elements: !15)\n!15 = !{!16}\n!16 = !DIDerivedType(tag: DW_TAG_member, name: \"v\", baseType: !17, size: 32)\n!17 = !DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed)\n",
			[]string{"define void @f(i8* %a)", "%1 = alloca i8*", "%2 = alloca %struct.s*", "= bitcast i8* %3 to %struct.s*"}},
		{"no debug information: the uses type the pointer",
			"define i32 @f(ptr %p) {\n  %s = alloca ptr\n  store ptr %p, ptr %s\n  %q = load ptr, ptr %s\n  %v = load i32, ptr %q\n  ret i32 %v\n}\n",
			[]string{"define i32 @f(i32* %p)", "%s = alloca i32*", "%v = load i32, i32* %q"}},
		{"variable byte offset into an int array (LLVM 19 -O1)",
			"@a = global [4 x i32] zeroinitializer\ndefine i32 @f(i64 %k) {\n  %p = getelementptr inbounds i8, ptr @a, i64 %k\n  %v = load i32, ptr %p\n  ret i32 %v\n}\n",
			[]string{"%__cf.1 = sdiv exact i64 %k, 4", "getelementptr inbounds i32, i32* getelementptr inbounds ([4 x i32], [4 x i32]* @a, i64 0, i64 0), i64 %__cf.1", "%p = bitcast i32* %__cf.2 to i8*"}},
		{"variable index into a char array", "@c = global [4 x i8] zeroinitializer\ndefine i8 @f(i64 %k) {\n  %p = getelementptr inbounds i8, ptr @c, i64 %k\n  %v = load i8, ptr %p\n  ret i8 %v\n}\n",
			[]string{"%p = getelementptr inbounds [4 x i8], [4 x i8]* @c, i64 0, i64 %k"}},
		{"explicit padding of a global (clang 20 and later)",
			"%struct.node = type { ptr, i32 }\n@first = global { ptr, i32, [4 x i8] } { ptr null, i32 7, [4 x i8] zeroinitializer }\n@arr = global [2 x { ptr, i32, [4 x i8] }] [{ ptr, i32, [4 x i8] } { ptr null, i32 1, [4 x i8] zeroinitializer }, { ptr, i32, [4 x i8] } { ptr @first, i32 2, [4 x i8] zeroinitializer }]\ndefine i32 @f() {\n  %p = getelementptr inbounds %struct.node, ptr @first, i32 0, i32 1\n  %v = load i32, ptr %p\n  ret i32 %v\n}\n",
			[]string{"@first = global %struct.node { %struct.node* null, i32 7 }", "@arr = global [2 x %struct.node] [%struct.node { %struct.node* null, i32 1 }, %struct.node { %struct.node* @first, i32 2 }]"}},
		{"memset of padding (clang 20 and later)",
			"%struct.t = type { i8, i32 }\ndeclare void @llvm.memset.p0.i64(ptr, i8, i64, i1)\ndefine i32 @f() {\n  %1 = alloca %struct.t\n  %2 = getelementptr inbounds %struct.t, ptr %1, i32 0, i32 0\n  store i8 97, ptr %2\n  %3 = getelementptr i8, ptr %1, i64 1\n  call void @llvm.memset.p0.i64(ptr %3, i8 0, i64 3, i1 false)\n  %4 = getelementptr inbounds %struct.t, ptr %1, i32 0, i32 1\n  store i32 41, ptr %4\n  %5 = load i32, ptr %4\n  ret i32 %5\n}\n",
			[]string{"%3 = bitcast %struct.t* %1 to i8*\n"}},
		{"offsetof from null", "%struct.t = type { i32, i64, i32 }\ndefine ptr @f(ptr %p) {\n  %q = getelementptr inbounds i8, ptr %p, i64 sub (i64 0, i64 ptrtoint (ptr getelementptr inbounds (%struct.t, ptr null, i32 0, i32 2) to i64))\n  ret ptr %q\n}\n",
			[]string{"%q = getelementptr inbounds i8, i8* %p, i64 -16"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := rewrite(t, tc.src)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("no %q in\n%s", w, got)
				}
			}
			if _, err := TranslateSources([]Source{{Name: "in.ll", Text: []byte(tc.src)}}); err != nil && !onlyCode(err, diag.CodeUndefined) {
				t.Errorf("the rewrite does not translate: %v\n%s", err, got)
			}
		})
	}
}

// A declaration takes the types of the definition another module has.
func TestRetypeAcrossModules(t *testing.T) {
	a := "%struct.q = type { ptr }\ndefine void @push(ptr %q, i32 %v) {\n  %h = getelementptr inbounds %struct.q, ptr %q, i32 0, i32 0\n  ret void\n}\n"
	b := "%struct.q = type { ptr }\n@queue = global %struct.q zeroinitializer\ndeclare void @push(ptr, i32)\ndefine void @t() {\n  call void @push(ptr @queue, i32 1)\n  ret void\n}\n"
	out, err := readableSources([]Source{{Name: "a.ll", Text: []byte(a)}, {Name: "b.ll", Text: []byte(b)}})
	if err != nil {
		t.Fatal(err)
	}
	got := string(out[1].Text)
	for _, w := range []string{"declare void @push(%struct.q*, i32)", "call void @push(%struct.q* @queue, i32 1)"} {
		if !strings.Contains(got, w) {
			t.Errorf("no %q in\n%s", w, got)
		}
	}
}

// FuzzRetype feeds arbitrary text to the rewrite of opaque pointers: the
// answer is typed text or an input error, never a panic.
func FuzzRetype(f *testing.F) {
	files, _ := filepath.Glob("testdata/golden/opaque/*.ll")
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("define void @f(ptr %p) {\n  store ptr getelementptr (i8, ptr @g, i64 sub (i64 0, i64 ptrtoint (ptr getelementptr (%t, ptr null, i32 0, i32 1) to i64))), ptr %p\n  ret void\n}\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		out, err := readableSources([]Source{{Name: "fuzz.ll", Text: src}})
		if err != nil {
			if !diag.IsInputError(err) {
				t.Fatalf("error is not an input error: %v", err)
			}
			return
		}
		if isOpaque(src) && opaquePointerLine(out[0].Text) > 0 {
			t.Fatalf("an opaque pointer is left:\n%s", out[0].Text)
		}
	})
}

// An .ll line clang compiled from C that the front end cannot read is
// reported at the C line, as unsupported, with the .ll line beside it.
func TestUnreadableAtCLine(t *testing.T) {
	src := "@g = global i32 0\n" +
		"define ptr @f(ptr %p) !dbg !4 {\n" +
		"  %q = getelementptr inbounds i8, ptr %p, i64 sub (i64 0, i64 ptrtoint (ptr @g to i64)), !dbg !7\n" +
		"  ret ptr %q, !dbg !7\n" +
		"}\n" +
		"!3 = !DIFile(filename: \"/src/prog.c\", directory: \"/src\")\n" +
		"!4 = distinct !DISubprogram(name: \"f\", scope: !3, file: !3, line: 5)\n" +
		"!6 = distinct !DILexicalBlock(scope: !4, file: !3, line: 6, column: 3)\n" +
		"!7 = !DILocation(line: 7, column: 12, scope: !6)\n"
	_, err := TranslateSources([]Source{{Name: "/tmp/x/prog.ll", Text: []byte(src)}})
	// at the C position of the instruction, naming its line of the .ll file
	want := "/src/prog.c:7:12: "
	if !onlyCode(err, diag.CodeUnsupported) || !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), "(prog.ll:3)") {
		t.Errorf("got %v (codes %v), want an unsupported error %q … (prog.ll:3)", err, diag.Codes(err), want)
	}
}
