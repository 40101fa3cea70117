package llvmfront

import (
	"slices"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
)

func translateText(t *testing.T, src string) (*lsl.Program, error) {
	t.Helper()
	return TranslateSources([]Source{{Name: "in.ll", Text: []byte(src)}})
}

// Unsupported input is an error that names the construct and its line,
// never a panic.
func TestErrors(t *testing.T) {
	tests := []struct {
		name, src string
		want      string // the construct and its line, in the words of the message
		code      diag.ErrorCode
	}{
		{"opaque pointers, syntax", "define void @f(ptr %p) {\n  %x = lod ptr %p\n  ret void\n}\n",
			"in.ll:2:1: cannot parse LLVM IR: syntax error", diag.CodeCompiler},
		{"opaque pointers, unterminated", "define void @f(ptr %p) {\n  store i32 1, ptr %p\n",
			"in.ll:3:1: cannot read LLVM IR with opaque pointers: function @f has no closing brace", diag.CodeCompiler},
		{"syntax", "define void @f() {\n  %x = lod i32 1\n}\n",
			"in.ll:2:1: cannot parse LLVM IR: syntax error in \"%x = lod i32 1\"", diag.CodeCompiler},
		{"float", "define double @f(double %x) {\n  %y = fadd double %x, 1.0\n  ret double %y\n}\n",
			"in.ll:2:1: unsupported: floating point", diag.CodeUnsupported},
		{"pointer to an undefined function", "declare void @g()\n@fp = global void ()* @g\n",
			"the address of g, which is declared but not defined, is taken", diag.CodeUndefined},
		{"indirect call without candidates", "define void @f(void ()* %p) {\n  call void %p()\n  ret void\n}\n",
			"in.ll:2:1: call through a function pointer, but no function with 0 parameters whose address is taken", diag.CodeUndeclared},
		{"undefined function", "declare void @ext()\ndefine void @f() {\n  call void @ext()\n  ret void\n}\n",
			"in.ll:3:1: call to ext, which is declared but not defined", diag.CodeUndefined},
		{"undefined global", "@x = external global i32\ndefine void @f() {\n  store i32 1, i32* @x\n  ret void\n}\n",
			"in.ll:3:1: global x is declared but not defined", diag.CodeUndefined},
		{"irreducible", "define void @f(i1 %c) {\na:\n  br i1 %c, label %b, label %d\nb:\n  br label %d\nd:\n  br label %b\n}\n",
			"irreducible control flow", diag.CodeUnsupported},
		{"vector", "define <2 x i32> @f(<2 x i32> %v) {\n  %w = add <2 x i32> %v, %v\n  ret <2 x i32> %w\n}\n",
			"in.ll:2:1: unsupported: arithmetic on <2 x i32>", diag.CodeUnsupported},
		{"intrinsic", "declare i32 @llvm.ctpop.i32(i32)\ndefine i32 @f(i32 %x) {\n  %y = call i32 @llvm.ctpop.i32(i32 %x)\n  ret i32 %y\n}\n",
			"in.ll:3:1: unsupported: intrinsic llvm.ctpop.i32", diag.CodeUnsupported},
		{"variadic", "define void @f(i32 %n, ...) {\n  ret void\n}\n",
			"unsupported: variadic function f", diag.CodeUnsupported},
		{"byte offset inside a field", "%s = type { i32, i32 }\n@g = global %s zeroinitializer\ndefine void @f() {\n  %p = getelementptr i8, i8* bitcast (%s* @g to i8*), i64 2\n  store i8 1, i8* %p\n  ret void\n}\n",
			"in.ll:4:1: byte offset 2 into %s is not the start of a field", diag.CodeInvalidConstruct},
		{"llvm table as data", "@llvm.used = appending global [1 x i8*] [i8* bitcast (i8 ()* @f to i8*)]\ndefine i8 @f() {\n  %c = load i8*, i8** getelementptr ([1 x i8*], [1 x i8*]* @llvm.used, i64 0, i64 0)\n  ret i8 0\n}\n",
			"@llvm.used is one of LLVM's own tables, not program data", diag.CodeUnsupported},
		{"api defined", "define void @lsl_fence(i8* %k) {\n  ret void\n}\n",
			"lsl_fence is a checkfence API function and cannot be defined by the program", diag.CodeInvalidName},
		{"bad fence", "@k = private constant [6 x i8] c\"sloppy\"\ndeclare void @lsl_fence(i8*)\ndefine void @f() {\n  call void @lsl_fence(i8* getelementptr ([6 x i8], [6 x i8]* @k, i64 0, i64 0))\n  ret void\n}\n",
			`in.ll:4:1: unknown fence "sloppy" (valid fences: load-load`, diag.CodeUnknownKind},
		{"nondet bounds", "declare i32 @lsl_nondet(i32, i32)\ndefine i32 @f(i32 %a) {\n  %x = call i32 @lsl_nondet(i32 %a, i32 3)\n  ret i32 %x\n}\n",
			"in.ll:3:1: lsl_nondet needs constant bounds", diag.CodeNotConstant},
		{"struct load", "%s = type { i32, i32 }\n@g = global %s zeroinitializer\ndefine void @f() {\n  %v = load %s, %s* @g\n  ret void\n}\n",
			"in.ll:4:1: unsupported: load of type %s (a block copy of a struct or array)", diag.CodeUnsupported},
		{"float load", "define double @f(double* %p) {\n  %v = load double, double* %p\n  ret double %v\n}\n",
			"in.ll:2:1: unsupported: load of type double (floating-point numbers are not modelled)", diag.CodeUnsupported},
		{"pthread outside main", "declare i32 @pthread_create(i64*, i8*, i8* (i8*)*, i8*)\ndefine i8* @w(i8* %a) {\n  ret i8* null\n}\ndefine void @f(i64* %t) {\n  %r = call i32 @pthread_create(i64* %t, i8* null, i8* (i8*)* @w, i8* null)\n  ret void\n}\n",
			"in.ll:6:1: unsupported: pthread_create (or thrd_create) (only in main", diag.CodeUnsupported},
		{"pthread joined in part", "declare i32 @pthread_create(i64*, i8*, i8* (i8*)*, i8*)\ndeclare i32 @pthread_join(i64, i8**)\ndefine i8* @w(i8* %a) {\n  ret i8* null\n}\ndefine i32 @main() {\n  %t = alloca i64\n  %u = alloca i64\n  %r = call i32 @pthread_create(i64* %t, i8* null, i8* (i8*)* @w, i8* null)\n  %s = call i32 @pthread_create(i64* %u, i8* null, i8* (i8*)* @w, i8* null)\n  %h = load i64, i64* %t\n  %j = call i32 @pthread_join(i64 %h, i8** null)\n  ret i32 0\n}\n",
			"main creates 2 threads and joins 1: join every thread, or none", diag.CodeInvalidConstruct},
		{"inline asm", "define void @f() {\n  call void asm sideeffect \"nop\", \"\"()\n  ret void\n}\n",
			"in.ll:2:1: unsupported: inline assembly", diag.CodeUnsupported},
		{"thread-local address in an initializer", "@x = thread_local global i32 0\n@p = global i32* @x\n",
			"the address of the thread-local variable x is not a constant", diag.CodeNotConstant},
		{"self-containing struct", "%s = type { i32, %s }\n@g = global %s zeroinitializer\n",
			"in.ll:1:1: struct type %s contains itself", diag.CodeType},
		{"self-containing struct, later line", "@x = global i32 0\n%s = type { i32, %s }\n",
			"in.ll:2:1: struct type %s contains itself", diag.CodeType},
		{"undefined local", "@x = global i32 0\ndefine void @f() {\n  store i32 %nope, i32* @x\n  ret void\n}\n",
			"in.ll:3:1: cannot parse LLVM IR: %nope is used but never defined in @f", diag.CodeCompiler},
		{"undefined global used", "define void @f() {\n  ret void\n}\ndefine void @g() {\n  store i32 1, i32* @nope\n  ret void\n}\n",
			"in.ll:5:1: cannot parse LLVM IR: @nope is used but never defined", diag.CodeCompiler},
		{"undefined label", "define void @f() {\n  br label %nowhere\n}\n",
			"in.ll:2:1: cannot parse LLVM IR: %nowhere is used but never defined", diag.CodeCompiler},
		{"missing terminator", "define void @f() {\n  %x = add i32 1, 2\n}\n",
			"in.ll:3:1: cannot parse LLVM IR: unexpected \"}\": the last basic block of the function has no terminator", diag.CodeCompiler},
		{"not IR", "; a comment\nthis is not LLVM IR\n",
			"in.ll:2:1: cannot parse LLVM IR: nothing in this file is LLVM IR", diag.CodeCompiler},
		{"NUL", "define void @f() {\n  ret void\n}\n\x00\n",
			"in.ll:4:1: NUL character in the file", diag.CodeCompiler},
		{"store type mismatch", "@x = global i32 0\ndefine void @f() {\n  store i64 1, i32* @x\n  ret void\n}\n",
			"in.ll:3:1: store of i64 through i32*: the types differ", diag.CodeType},
		{"load type mismatch", "@x = global i32 0\ndefine i64 @f() {\n  %v = load i64, i32* @x\n  ret i64 %v\n}\n",
			"the types differ", diag.CodeType},
		{"global too large, at its line", "@x = global i32 0\n@a = global [1000000000 x i32] zeroinitializer\n",
			"in.ll:2:1: global a is too large", diag.CodeUnsupported},
		{"invoke", "define void @g() {\n  ret void\n}\ndefine void @f() personality i8* null {\n  invoke void @g() to label %ok unwind label %bad\nok:\n  ret void\nbad:\n  %l = landingpad { i8*, i32 } cleanup\n  ret void\n}\n",
			"unsupported terminator", diag.CodeUnsupported},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := translateText(t, tc.src)
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			if !diag.IsInputError(err) {
				t.Errorf("%v is not an input error", err)
			}
			if got := diag.Codes(err); len(got) == 0 || got[0] != tc.code {
				t.Errorf("codes %v, want %v first", got, tc.code)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error\n\t%v\nwant it to contain\n\t%s", err, tc.want)
			}
		})
	}
}

// onlyCode reports whether err holds input errors, all of them with code.
func onlyCode(err error, code diag.ErrorCode) bool {
	codes := diag.Codes(err)
	for _, c := range codes {
		if c != code {
			return false
		}
	}
	return len(codes) > 0
}

// Files link like translation units: one definition, any number of
// declarations; private names are kept apart.
func TestLink(t *testing.T) {
	a := "@shared = global i32 3\n@priv = internal global i32 1\ndeclare void @g()\ndefine void @f() {\n  call void @g()\n  store i32 2, i32* @priv\n  ret void\n}\n"
	b := "@shared = external global i32\n@priv = internal global i32 5\ndefine void @g() {\n  %v = load i32, i32* @shared\n  store i32 %v, i32* @priv\n  ret void\n}\n"
	p, err := TranslateSources([]Source{{Name: "a.ll", Text: []byte(a)}, {Name: "b.ll", Text: []byte(b)}})
	if err != nil {
		t.Fatal(err)
	}
	got := lsl.Format(p, lsl.PrintOptions{})
	for _, want := range []string{"global shared = 3", "global priv = 1", "global priv_2 = 5",
		"call g()", "store @priv, 2", "%v := load @shared", "store @priv_2, %v"} {
		if !strings.Contains(got, want) {
			t.Errorf("linked program lacks %q:\n%s", want, got)
		}
	}
	_, err = TranslateSources([]Source{{Name: "a.ll", Text: []byte(a)}, {Name: "a2.ll", Text: []byte(a)}})
	if !slices.Equal(diag.Codes(err), []diag.ErrorCode{diag.CodeDuplicateDecl, diag.CodeDuplicateDecl}) {
		t.Errorf("duplicate definitions: %v", err)
	}
}
