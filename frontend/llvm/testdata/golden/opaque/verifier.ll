; ModuleID = 'testdata/golden/verifier.c'
source_filename = "testdata/golden/verifier.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@level = dso_local global i8 -56, align 1, !dbg !0
@counter = dso_local global i32 0, align 4, !dbg !7

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @__VERIFIER_atomic_bump() #0 !dbg !19 {
  %1 = load i32, ptr @counter, align 4, !dbg !22
  %2 = add nsw i32 %1, 1, !dbg !23
  store i32 %2, ptr @counter, align 4, !dbg !24
  ret void, !dbg !25
}

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @step() #0 !dbg !26 {
  %1 = alloca i32, align 4
  %2 = alloca i32, align 4
  %3 = alloca i8, align 1
    #dbg_declare(ptr %1, !30, !DIExpression(), !31)
  %4 = call i32 @__VERIFIER_nondet_int(), !dbg !32
  store i32 %4, ptr %1, align 4, !dbg !31
  %5 = load i32, ptr %1, align 4, !dbg !33
  %6 = icmp sge i32 %5, 0, !dbg !34
  br i1 %6, label %7, label %10, !dbg !35

7:                                                ; preds = %0
  %8 = load i32, ptr %1, align 4, !dbg !36
  %9 = icmp slt i32 %8, 4, !dbg !37
  br label %10

10:                                               ; preds = %7, %0
  %11 = phi i1 [ false, %0 ], [ %9, %7 ], !dbg !38
  %12 = zext i1 %11 to i32, !dbg !35
  call void @__VERIFIER_assume(i32 noundef %12), !dbg !39
  call void @__VERIFIER_atomic_begin(), !dbg !40
    #dbg_declare(ptr %2, !41, !DIExpression(), !42)
  %13 = load i32, ptr @counter, align 4, !dbg !43
  store i32 %13, ptr %2, align 4, !dbg !42
  %14 = call zeroext i1 @__VERIFIER_nondet_bool(), !dbg !44
  br i1 %14, label %15, label %19, !dbg !46

15:                                               ; preds = %10
  %16 = load i32, ptr %2, align 4, !dbg !47
  %17 = load i32, ptr %1, align 4, !dbg !48
  %18 = add nsw i32 %16, %17, !dbg !49
  store i32 %18, ptr %2, align 4, !dbg !50
  br label %19, !dbg !51

19:                                               ; preds = %15, %10
  %20 = load i32, ptr %2, align 4, !dbg !52
  store i32 %20, ptr @counter, align 4, !dbg !53
  call void @__VERIFIER_atomic_end(), !dbg !54
  call void @__VERIFIER_atomic_bump(), !dbg !55
    #dbg_declare(ptr %3, !56, !DIExpression(), !57)
  %21 = call zeroext i8 @__VERIFIER_nondet_uchar(), !dbg !58
  store i8 %21, ptr %3, align 1, !dbg !57
  %22 = load i8, ptr %3, align 1, !dbg !59
  %23 = zext i8 %22 to i32, !dbg !59
  %24 = load i8, ptr @level, align 1, !dbg !61
  %25 = zext i8 %24 to i32, !dbg !61
  %26 = icmp sgt i32 %23, %25, !dbg !62
  br i1 %26, label %27, label %28, !dbg !63

27:                                               ; preds = %19
  call void @__VERIFIER_error(), !dbg !64
  br label %28, !dbg !64

28:                                               ; preds = %27, %19
  %29 = load i32, ptr %2, align 4, !dbg !65
  %30 = udiv i32 %29, 2, !dbg !66
  %31 = load i8, ptr %3, align 1, !dbg !67
  %32 = zext i8 %31 to i32, !dbg !67
  %33 = ashr i32 %32, 1, !dbg !68
  %34 = add i32 %30, %33, !dbg !69
  ret i32 %34, !dbg !70
}

declare i32 @__VERIFIER_nondet_int() #1

declare void @__VERIFIER_assume(i32 noundef) #1

declare void @__VERIFIER_atomic_begin() #1

declare zeroext i1 @__VERIFIER_nondet_bool() #1

declare void @__VERIFIER_atomic_end() #1

declare zeroext i8 @__VERIFIER_nondet_uchar() #1

declare void @__VERIFIER_error() #1

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!11, !12, !13, !14, !15, !16, !17}
!llvm.ident = !{!18}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "level", scope: !2, file: !3, line: 12, type: !10, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C11, file: !3, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !4, globals: !6, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "testdata/golden/verifier.c", directory: "/work/main/frontend/llvm", checksumkind: CSK_MD5, checksum: "966727932ace6c65d1cf1c4182c13446")
!4 = !{!5}
!5 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!6 = !{!0, !7}
!7 = !DIGlobalVariableExpression(var: !8, expr: !DIExpression())
!8 = distinct !DIGlobalVariable(name: "counter", scope: !2, file: !3, line: 11, type: !9, isLocal: false, isDefinition: true)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !DIBasicType(name: "unsigned char", size: 8, encoding: DW_ATE_unsigned_char)
!11 = !{i32 7, !"Dwarf Version", i32 5}
!12 = !{i32 2, !"Debug Info Version", i32 3}
!13 = !{i32 1, !"wchar_size", i32 4}
!14 = !{i32 8, !"PIC Level", i32 2}
!15 = !{i32 7, !"PIE Level", i32 2}
!16 = !{i32 7, !"uwtable", i32 2}
!17 = !{i32 7, !"frame-pointer", i32 2}
!18 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!19 = distinct !DISubprogram(name: "__VERIFIER_atomic_bump", scope: !3, file: !3, line: 14, type: !20, scopeLine: 14, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2)
!20 = !DISubroutineType(types: !21)
!21 = !{null}
!22 = !DILocation(line: 14, column: 47, scope: !19)
!23 = !DILocation(line: 14, column: 55, scope: !19)
!24 = !DILocation(line: 14, column: 45, scope: !19)
!25 = !DILocation(line: 14, column: 60, scope: !19)
!26 = distinct !DISubprogram(name: "step", scope: !3, file: !3, line: 16, type: !27, scopeLine: 17, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !29)
!27 = !DISubroutineType(types: !28)
!28 = !{!9}
!29 = !{}
!30 = !DILocalVariable(name: "v", scope: !26, file: !3, line: 18, type: !9)
!31 = !DILocation(line: 18, column: 9, scope: !26)
!32 = !DILocation(line: 18, column: 13, scope: !26)
!33 = !DILocation(line: 19, column: 23, scope: !26)
!34 = !DILocation(line: 19, column: 25, scope: !26)
!35 = !DILocation(line: 19, column: 30, scope: !26)
!36 = !DILocation(line: 19, column: 33, scope: !26)
!37 = !DILocation(line: 19, column: 35, scope: !26)
!38 = !DILocation(line: 0, scope: !26)
!39 = !DILocation(line: 19, column: 5, scope: !26)
!40 = !DILocation(line: 20, column: 5, scope: !26)
!41 = !DILocalVariable(name: "c", scope: !26, file: !3, line: 21, type: !9)
!42 = !DILocation(line: 21, column: 9, scope: !26)
!43 = !DILocation(line: 21, column: 13, scope: !26)
!44 = !DILocation(line: 22, column: 9, scope: !45)
!45 = distinct !DILexicalBlock(scope: !26, file: !3, line: 22, column: 9)
!46 = !DILocation(line: 22, column: 9, scope: !26)
!47 = !DILocation(line: 23, column: 13, scope: !45)
!48 = !DILocation(line: 23, column: 17, scope: !45)
!49 = !DILocation(line: 23, column: 15, scope: !45)
!50 = !DILocation(line: 23, column: 11, scope: !45)
!51 = !DILocation(line: 23, column: 9, scope: !45)
!52 = !DILocation(line: 24, column: 15, scope: !26)
!53 = !DILocation(line: 24, column: 13, scope: !26)
!54 = !DILocation(line: 25, column: 5, scope: !26)
!55 = !DILocation(line: 26, column: 5, scope: !26)
!56 = !DILocalVariable(name: "u", scope: !26, file: !3, line: 27, type: !10)
!57 = !DILocation(line: 27, column: 19, scope: !26)
!58 = !DILocation(line: 27, column: 23, scope: !26)
!59 = !DILocation(line: 28, column: 9, scope: !60)
!60 = distinct !DILexicalBlock(scope: !26, file: !3, line: 28, column: 9)
!61 = !DILocation(line: 28, column: 13, scope: !60)
!62 = !DILocation(line: 28, column: 11, scope: !60)
!63 = !DILocation(line: 28, column: 9, scope: !26)
!64 = !DILocation(line: 29, column: 9, scope: !60)
!65 = !DILocation(line: 30, column: 22, scope: !26)
!66 = !DILocation(line: 30, column: 24, scope: !26)
!67 = !DILocation(line: 30, column: 31, scope: !26)
!68 = !DILocation(line: 30, column: 33, scope: !26)
!69 = !DILocation(line: 30, column: 28, scope: !26)
!70 = !DILocation(line: 30, column: 5, scope: !26)
