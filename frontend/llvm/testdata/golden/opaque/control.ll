; ModuleID = 'testdata/golden/control.c'
source_filename = "testdata/golden/control.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@X = dso_local global i32 0, align 4, !dbg !0
@Y = dso_local global i32 0, align 4, !dbg !5

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @sum(i32 noundef %0) #0 !dbg !16 {
  %2 = alloca i32, align 4
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  store i32 %0, ptr %2, align 4
    #dbg_declare(ptr %2, !20, !DIExpression(), !21)
    #dbg_declare(ptr %3, !22, !DIExpression(), !23)
  store i32 0, ptr %3, align 4, !dbg !23
    #dbg_declare(ptr %4, !24, !DIExpression(), !26)
  store i32 0, ptr %4, align 4, !dbg !26
  br label %5, !dbg !27

5:                                                ; preds = %21, %1
  %6 = load i32, ptr %4, align 4, !dbg !28
  %7 = load i32, ptr %2, align 4, !dbg !30
  %8 = icmp slt i32 %6, %7, !dbg !31
  br i1 %8, label %9, label %24, !dbg !32

9:                                                ; preds = %5
  %10 = load i32, ptr %4, align 4, !dbg !33
  %11 = icmp eq i32 %10, 3, !dbg !36
  br i1 %11, label %12, label %13, !dbg !37

12:                                               ; preds = %9
  br label %21, !dbg !38

13:                                               ; preds = %9
  %14 = load i32, ptr %3, align 4, !dbg !39
  %15 = icmp sgt i32 %14, 10, !dbg !41
  br i1 %15, label %16, label %17, !dbg !42

16:                                               ; preds = %13
  br label %24, !dbg !43

17:                                               ; preds = %13
  %18 = load i32, ptr %4, align 4, !dbg !44
  %19 = load i32, ptr %3, align 4, !dbg !45
  %20 = add nsw i32 %19, %18, !dbg !45
  store i32 %20, ptr %3, align 4, !dbg !45
  br label %21, !dbg !46

21:                                               ; preds = %17, %12
  %22 = load i32, ptr %4, align 4, !dbg !47
  %23 = add nsw i32 %22, 1, !dbg !47
  store i32 %23, ptr %4, align 4, !dbg !47
  br label %5, !dbg !48, !llvm.loop !49

24:                                               ; preds = %16, %5
  %25 = load i32, ptr %3, align 4, !dbg !52
  ret i32 %25, !dbg !53
}

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @classify(i32 noundef %0) #0 !dbg !54 {
  %2 = alloca i32, align 4
  %3 = alloca i32, align 4
  store i32 %0, ptr %3, align 4
    #dbg_declare(ptr %3, !55, !DIExpression(), !56)
  %4 = load i32, ptr %3, align 4, !dbg !57
  switch i32 %4, label %9 [
    i32 0, label %5
    i32 1, label %6
    i32 2, label %6
  ], !dbg !58

5:                                                ; preds = %1
  store i32 10, ptr %2, align 4, !dbg !59
  br label %12, !dbg !59

6:                                                ; preds = %1, %1
  %7 = load i32, ptr %3, align 4, !dbg !61
  %8 = mul nsw i32 %7, 2, !dbg !62
  store i32 %8, ptr %3, align 4, !dbg !63
  br label %10, !dbg !64

9:                                                ; preds = %1
  store i32 -1, ptr %3, align 4, !dbg !65
  br label %10, !dbg !66

10:                                               ; preds = %9, %6
  %11 = load i32, ptr %3, align 4, !dbg !67
  store i32 %11, ptr %2, align 4, !dbg !68
  br label %12, !dbg !68

12:                                               ; preds = %10, %5
  %13 = load i32, ptr %2, align 4, !dbg !69
  ret i32 %13, !dbg !69
}

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @nested() #0 !dbg !70 {
  %1 = alloca i32, align 4
  %2 = alloca i32, align 4
    #dbg_declare(ptr %1, !73, !DIExpression(), !74)
  store i32 0, ptr %1, align 4, !dbg !74
  br label %3, !dbg !75

3:                                                ; preds = %17, %0
    #dbg_declare(ptr %2, !76, !DIExpression(), !78)
  store i32 0, ptr %2, align 4, !dbg !78
  br label %4, !dbg !79

4:                                                ; preds = %8, %3
  %5 = load i32, ptr %2, align 4, !dbg !80
  %6 = load i32, ptr %1, align 4, !dbg !81
  %7 = icmp slt i32 %5, %6, !dbg !82
  br i1 %7, label %8, label %14, !dbg !79

8:                                                ; preds = %4
  %9 = load i32, ptr @X, align 4, !dbg !83
  %10 = load i32, ptr %2, align 4, !dbg !85
  %11 = add nsw i32 %9, %10, !dbg !86
  store i32 %11, ptr @X, align 4, !dbg !87
  %12 = load i32, ptr %2, align 4, !dbg !88
  %13 = add nsw i32 %12, 1, !dbg !88
  store i32 %13, ptr %2, align 4, !dbg !88
  br label %4, !dbg !79, !llvm.loop !89

14:                                               ; preds = %4
  %15 = load i32, ptr %1, align 4, !dbg !91
  %16 = add nsw i32 %15, 1, !dbg !91
  store i32 %16, ptr %1, align 4, !dbg !91
  br label %17, !dbg !92

17:                                               ; preds = %14
  %18 = load i32, ptr %1, align 4, !dbg !93
  %19 = icmp slt i32 %18, 3, !dbg !94
  br i1 %19, label %3, label %20, !dbg !92, !llvm.loop !95

20:                                               ; preds = %17
  ret void, !dbg !97
}

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @wait_for_y() #0 !dbg !98 {
  br label %1, !dbg !99

1:                                                ; preds = %4, %0
  %2 = load i32, ptr @Y, align 4, !dbg !100
  %3 = icmp eq i32 %2, 0, !dbg !101
  br i1 %3, label %4, label %5, !dbg !99

4:                                                ; preds = %1
  br label %1, !dbg !99, !llvm.loop !102

5:                                                ; preds = %1
  store i32 1, ptr @X, align 4, !dbg !104
  ret void, !dbg !105
}

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @early(i32 noundef %0, i32 noundef %1) #0 !dbg !106 {
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  store i32 %0, ptr %4, align 4
    #dbg_declare(ptr %4, !109, !DIExpression(), !110)
  store i32 %1, ptr %5, align 4
    #dbg_declare(ptr %5, !111, !DIExpression(), !112)
  %6 = load i32, ptr %4, align 4, !dbg !113
  %7 = icmp slt i32 %6, 0, !dbg !115
  br i1 %7, label %8, label %9, !dbg !116

8:                                                ; preds = %2
  br label %17, !dbg !117

9:                                                ; preds = %2
  %10 = load i32, ptr %5, align 4, !dbg !118
  %11 = icmp slt i32 %10, 0, !dbg !120
  br i1 %11, label %12, label %13, !dbg !121

12:                                               ; preds = %9
  store i32 -2, ptr %3, align 4, !dbg !122
  br label %19, !dbg !122

13:                                               ; preds = %9
  %14 = load i32, ptr %4, align 4, !dbg !123
  %15 = load i32, ptr %5, align 4, !dbg !124
  %16 = add nsw i32 %14, %15, !dbg !125
  store i32 %16, ptr %4, align 4, !dbg !126
  br label %17, !dbg !127

17:                                               ; preds = %13, %8
    #dbg_label(!128, !129)
  %18 = load i32, ptr %4, align 4, !dbg !130
  store i32 %18, ptr %3, align 4, !dbg !131
  br label %19, !dbg !131

19:                                               ; preds = %17, %12
  %20 = load i32, ptr %3, align 4, !dbg !132
  ret i32 %20, !dbg !132
}

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!8, !9, !10, !11, !12, !13, !14}
!llvm.ident = !{!15}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "X", scope: !2, file: !3, line: 4, type: !7, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C11, file: !3, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !4, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "testdata/golden/control.c", directory: "/work/main/frontend/llvm", checksumkind: CSK_MD5, checksum: "c70290a57ebf04caa8abc3a3c5b3638a")
!4 = !{!0, !5}
!5 = !DIGlobalVariableExpression(var: !6, expr: !DIExpression())
!6 = distinct !DIGlobalVariable(name: "Y", scope: !2, file: !3, line: 4, type: !7, isLocal: false, isDefinition: true)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !{i32 7, !"Dwarf Version", i32 5}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!10 = !{i32 1, !"wchar_size", i32 4}
!11 = !{i32 8, !"PIC Level", i32 2}
!12 = !{i32 7, !"PIE Level", i32 2}
!13 = !{i32 7, !"uwtable", i32 2}
!14 = !{i32 7, !"frame-pointer", i32 2}
!15 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!16 = distinct !DISubprogram(name: "sum", scope: !3, file: !3, line: 6, type: !17, scopeLine: 7, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !19)
!17 = !DISubroutineType(types: !18)
!18 = !{!7, !7}
!19 = !{}
!20 = !DILocalVariable(name: "n", arg: 1, scope: !16, file: !3, line: 6, type: !7)
!21 = !DILocation(line: 6, column: 13, scope: !16)
!22 = !DILocalVariable(name: "s", scope: !16, file: !3, line: 8, type: !7)
!23 = !DILocation(line: 8, column: 9, scope: !16)
!24 = !DILocalVariable(name: "i", scope: !25, file: !3, line: 9, type: !7)
!25 = distinct !DILexicalBlock(scope: !16, file: !3, line: 9, column: 5)
!26 = !DILocation(line: 9, column: 14, scope: !25)
!27 = !DILocation(line: 9, column: 10, scope: !25)
!28 = !DILocation(line: 9, column: 21, scope: !29)
!29 = distinct !DILexicalBlock(scope: !25, file: !3, line: 9, column: 5)
!30 = !DILocation(line: 9, column: 25, scope: !29)
!31 = !DILocation(line: 9, column: 23, scope: !29)
!32 = !DILocation(line: 9, column: 5, scope: !25)
!33 = !DILocation(line: 10, column: 13, scope: !34)
!34 = distinct !DILexicalBlock(scope: !35, file: !3, line: 10, column: 13)
!35 = distinct !DILexicalBlock(scope: !29, file: !3, line: 9, column: 33)
!36 = !DILocation(line: 10, column: 15, scope: !34)
!37 = !DILocation(line: 10, column: 13, scope: !35)
!38 = !DILocation(line: 11, column: 13, scope: !34)
!39 = !DILocation(line: 12, column: 13, scope: !40)
!40 = distinct !DILexicalBlock(scope: !35, file: !3, line: 12, column: 13)
!41 = !DILocation(line: 12, column: 15, scope: !40)
!42 = !DILocation(line: 12, column: 13, scope: !35)
!43 = !DILocation(line: 13, column: 13, scope: !40)
!44 = !DILocation(line: 14, column: 14, scope: !35)
!45 = !DILocation(line: 14, column: 11, scope: !35)
!46 = !DILocation(line: 15, column: 5, scope: !35)
!47 = !DILocation(line: 9, column: 29, scope: !29)
!48 = !DILocation(line: 9, column: 5, scope: !29)
!49 = distinct !{!49, !32, !50, !51}
!50 = !DILocation(line: 15, column: 5, scope: !25)
!51 = !{!"llvm.loop.mustprogress"}
!52 = !DILocation(line: 16, column: 12, scope: !16)
!53 = !DILocation(line: 16, column: 5, scope: !16)
!54 = distinct !DISubprogram(name: "classify", scope: !3, file: !3, line: 19, type: !17, scopeLine: 20, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !19)
!55 = !DILocalVariable(name: "v", arg: 1, scope: !54, file: !3, line: 19, type: !7)
!56 = !DILocation(line: 19, column: 18, scope: !54)
!57 = !DILocation(line: 21, column: 13, scope: !54)
!58 = !DILocation(line: 21, column: 5, scope: !54)
!59 = !DILocation(line: 23, column: 9, scope: !60)
!60 = distinct !DILexicalBlock(scope: !54, file: !3, line: 21, column: 16)
!61 = !DILocation(line: 26, column: 13, scope: !60)
!62 = !DILocation(line: 26, column: 15, scope: !60)
!63 = !DILocation(line: 26, column: 11, scope: !60)
!64 = !DILocation(line: 27, column: 9, scope: !60)
!65 = !DILocation(line: 29, column: 11, scope: !60)
!66 = !DILocation(line: 30, column: 5, scope: !60)
!67 = !DILocation(line: 31, column: 12, scope: !54)
!68 = !DILocation(line: 31, column: 5, scope: !54)
!69 = !DILocation(line: 32, column: 1, scope: !54)
!70 = distinct !DISubprogram(name: "nested", scope: !3, file: !3, line: 34, type: !71, scopeLine: 35, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !19)
!71 = !DISubroutineType(types: !72)
!72 = !{null}
!73 = !DILocalVariable(name: "i", scope: !70, file: !3, line: 36, type: !7)
!74 = !DILocation(line: 36, column: 9, scope: !70)
!75 = !DILocation(line: 37, column: 5, scope: !70)
!76 = !DILocalVariable(name: "j", scope: !77, file: !3, line: 38, type: !7)
!77 = distinct !DILexicalBlock(scope: !70, file: !3, line: 37, column: 8)
!78 = !DILocation(line: 38, column: 13, scope: !77)
!79 = !DILocation(line: 39, column: 9, scope: !77)
!80 = !DILocation(line: 39, column: 16, scope: !77)
!81 = !DILocation(line: 39, column: 20, scope: !77)
!82 = !DILocation(line: 39, column: 18, scope: !77)
!83 = !DILocation(line: 40, column: 17, scope: !84)
!84 = distinct !DILexicalBlock(scope: !77, file: !3, line: 39, column: 23)
!85 = !DILocation(line: 40, column: 21, scope: !84)
!86 = !DILocation(line: 40, column: 19, scope: !84)
!87 = !DILocation(line: 40, column: 15, scope: !84)
!88 = !DILocation(line: 41, column: 14, scope: !84)
!89 = distinct !{!89, !79, !90, !51}
!90 = !DILocation(line: 42, column: 9, scope: !77)
!91 = !DILocation(line: 43, column: 10, scope: !77)
!92 = !DILocation(line: 44, column: 5, scope: !77)
!93 = !DILocation(line: 44, column: 14, scope: !70)
!94 = !DILocation(line: 44, column: 16, scope: !70)
!95 = distinct !{!95, !75, !96, !51}
!96 = !DILocation(line: 44, column: 19, scope: !70)
!97 = !DILocation(line: 45, column: 1, scope: !70)
!98 = distinct !DISubprogram(name: "wait_for_y", scope: !3, file: !3, line: 47, type: !71, scopeLine: 48, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2)
!99 = !DILocation(line: 49, column: 5, scope: !98)
!100 = !DILocation(line: 49, column: 12, scope: !98)
!101 = !DILocation(line: 49, column: 14, scope: !98)
!102 = distinct !{!102, !99, !103, !51}
!103 = !DILocation(line: 50, column: 9, scope: !98)
!104 = !DILocation(line: 51, column: 7, scope: !98)
!105 = !DILocation(line: 52, column: 1, scope: !98)
!106 = distinct !DISubprogram(name: "early", scope: !3, file: !3, line: 54, type: !107, scopeLine: 55, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !19)
!107 = !DISubroutineType(types: !108)
!108 = !{!7, !7, !7}
!109 = !DILocalVariable(name: "a", arg: 1, scope: !106, file: !3, line: 54, type: !7)
!110 = !DILocation(line: 54, column: 15, scope: !106)
!111 = !DILocalVariable(name: "b", arg: 2, scope: !106, file: !3, line: 54, type: !7)
!112 = !DILocation(line: 54, column: 22, scope: !106)
!113 = !DILocation(line: 56, column: 9, scope: !114)
!114 = distinct !DILexicalBlock(scope: !106, file: !3, line: 56, column: 9)
!115 = !DILocation(line: 56, column: 11, scope: !114)
!116 = !DILocation(line: 56, column: 9, scope: !106)
!117 = !DILocation(line: 57, column: 9, scope: !114)
!118 = !DILocation(line: 58, column: 9, scope: !119)
!119 = distinct !DILexicalBlock(scope: !106, file: !3, line: 58, column: 9)
!120 = !DILocation(line: 58, column: 11, scope: !119)
!121 = !DILocation(line: 58, column: 9, scope: !106)
!122 = !DILocation(line: 59, column: 9, scope: !119)
!123 = !DILocation(line: 60, column: 9, scope: !106)
!124 = !DILocation(line: 60, column: 13, scope: !106)
!125 = !DILocation(line: 60, column: 11, scope: !106)
!126 = !DILocation(line: 60, column: 7, scope: !106)
!127 = !DILocation(line: 60, column: 5, scope: !106)
!128 = !DILabel(scope: !106, name: "out", file: !3, line: 61)
!129 = !DILocation(line: 61, column: 1, scope: !106)
!130 = !DILocation(line: 62, column: 12, scope: !106)
!131 = !DILocation(line: 62, column: 5, scope: !106)
!132 = !DILocation(line: 63, column: 1, scope: !106)
