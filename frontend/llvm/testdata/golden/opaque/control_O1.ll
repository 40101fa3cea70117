; ModuleID = 'testdata/golden/control.c'
source_filename = "testdata/golden/control.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@X = dso_local local_unnamed_addr global i32 0, align 4, !dbg !0
@Y = dso_local local_unnamed_addr global i32 0, align 4, !dbg !5
@switch.table.classify = private unnamed_addr constant [3 x i32] [i32 10, i32 2, i32 4], align 4

; Function Attrs: nofree norecurse nosync nounwind memory(none) uwtable
define dso_local i32 @sum(i32 noundef %0) local_unnamed_addr #0 !dbg !16 {
    #dbg_value(i32 %0, !20, !DIExpression(), !24)
    #dbg_value(i32 0, !21, !DIExpression(), !24)
    #dbg_value(i32 0, !22, !DIExpression(), !25)
  %2 = icmp sgt i32 %0, 0, !dbg !26
  br i1 %2, label %3, label %15, !dbg !28

3:                                                ; preds = %1, %11
  %4 = phi i32 [ %13, %11 ], [ 0, %1 ]
  %5 = phi i32 [ %12, %11 ], [ 0, %1 ]
    #dbg_value(i32 %4, !22, !DIExpression(), !25)
    #dbg_value(i32 %5, !21, !DIExpression(), !24)
  %6 = icmp eq i32 %4, 3, !dbg !29
  br i1 %6, label %11, label %7, !dbg !32

7:                                                ; preds = %3
  %8 = icmp sgt i32 %5, 10, !dbg !33
  br i1 %8, label %15, label %9, !dbg !35

9:                                                ; preds = %7
  %10 = add nsw i32 %4, %5, !dbg !36
    #dbg_value(i32 %10, !21, !DIExpression(), !24)
  br label %11, !dbg !37

11:                                               ; preds = %3, %9
  %12 = phi i32 [ %5, %3 ], [ %10, %9 ], !dbg !24
    #dbg_value(i32 %12, !21, !DIExpression(), !24)
  %13 = add nuw nsw i32 %4, 1, !dbg !38
    #dbg_value(i32 %13, !22, !DIExpression(), !25)
  %14 = icmp eq i32 %13, %0, !dbg !26
  br i1 %14, label %15, label %3, !dbg !28, !llvm.loop !39

15:                                               ; preds = %11, %7, %1
  %16 = phi i32 [ 0, %1 ], [ %12, %11 ], [ %5, %7 ], !dbg !43
  ret i32 %16, !dbg !44
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable
define dso_local i32 @classify(i32 noundef %0) local_unnamed_addr #1 !dbg !45 {
    #dbg_value(i32 %0, !47, !DIExpression(), !48)
  %2 = icmp ult i32 %0, 3, !dbg !49
  br i1 %2, label %3, label %7, !dbg !49

3:                                                ; preds = %1
  %4 = zext nneg i32 %0 to i64, !dbg !49
  %5 = getelementptr inbounds [3 x i32], ptr @switch.table.classify, i64 0, i64 %4, !dbg !49
  %6 = load i32, ptr %5, align 4, !dbg !49
  br label %7, !dbg !49

7:                                                ; preds = %1, %3
  %8 = phi i32 [ %6, %3 ], [ -1, %1 ], !dbg !48
  ret i32 %8, !dbg !50
}

; Function Attrs: nofree norecurse nosync nounwind memory(readwrite, argmem: none, inaccessiblemem: none) uwtable
define dso_local void @nested() local_unnamed_addr #2 !dbg !51 {
    #dbg_value(i32 0, !55, !DIExpression(), !58)
  %1 = load i32, ptr @X, align 4, !tbaa !59
  br label %2, !dbg !63

2:                                                ; preds = %16, %0
  %3 = phi i32 [ %20, %16 ], [ -2, %0 ]
  %4 = phi i32 [ %19, %16 ], [ -1, %0 ]
  %5 = phi i32 [ %17, %16 ], [ %1, %0 ]
  %6 = phi i32 [ %18, %16 ], [ 0, %0 ], !dbg !58
    #dbg_value(i32 %6, !55, !DIExpression(), !58)
    #dbg_value(i32 0, !56, !DIExpression(), !64)
    #dbg_value(i32 0, !56, !DIExpression(), !64)
  %7 = icmp eq i32 %6, 0, !dbg !65
  br i1 %7, label %16, label %8, !dbg !66

8:                                                ; preds = %2
  %9 = zext i32 %4 to i33, !dbg !65
  %10 = zext i32 %3 to i33, !dbg !65
  %11 = mul i33 %9, %10, !dbg !65
  %12 = lshr i33 %11, 1, !dbg !65
  %13 = trunc nuw i33 %12 to i32, !dbg !65
  %14 = add i32 %5, %4, !dbg !66
    #dbg_value(i32 undef, !56, !DIExpression(), !64)
  %15 = add i32 %14, %13, !dbg !66
  store i32 %15, ptr @X, align 4, !dbg !67, !tbaa !59
  br label %16, !dbg !66

16:                                               ; preds = %8, %2
  %17 = phi i32 [ %15, %8 ], [ %5, %2 ]
  %18 = add nuw nsw i32 %6, 1, !dbg !69
    #dbg_value(i32 %18, !55, !DIExpression(), !58)
  %19 = add nsw i32 %4, 1, !dbg !70
  %20 = add nsw i32 %3, 1, !dbg !70
  %21 = icmp eq i32 %18, 3, !dbg !71
  br i1 %21, label %22, label %2, !dbg !70, !llvm.loop !72

22:                                               ; preds = %16
  ret void, !dbg !74
}

; Function Attrs: nofree norecurse nosync nounwind memory(readwrite, argmem: none, inaccessiblemem: none) uwtable
define dso_local void @wait_for_y() local_unnamed_addr #2 !dbg !75 {
  %1 = load i32, ptr @Y, align 4, !tbaa !59
  %2 = icmp eq i32 %1, 0
  br i1 %2, label %3, label %4, !dbg !76, !llvm.loop !77

3:                                                ; preds = %0, %3
  br label %3, !dbg !76

4:                                                ; preds = %0
  store i32 1, ptr @X, align 4, !dbg !79, !tbaa !59
  ret void, !dbg !80
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable
define dso_local i32 @early(i32 noundef %0, i32 noundef %1) local_unnamed_addr #1 !dbg !81 {
    #dbg_value(i32 %0, !85, !DIExpression(), !88)
    #dbg_value(i32 %1, !86, !DIExpression(), !88)
  %3 = icmp slt i32 %0, 0, !dbg !89
  %4 = icmp slt i32 %1, 0, !dbg !91
  %5 = add nuw nsw i32 %1, %0, !dbg !91
  %6 = select i1 %4, i32 -2, i32 %5, !dbg !91
  %7 = select i1 %3, i32 %0, i32 %6, !dbg !91
  ret i32 %7, !dbg !92
}

attributes #0 = { nofree norecurse nosync nounwind memory(none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nofree norecurse nosync nounwind memory(readwrite, argmem: none, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!8, !9, !10, !11, !12, !13, !14}
!llvm.ident = !{!15}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "X", scope: !2, file: !3, line: 4, type: !7, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C11, file: !3, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, globals: !4, splitDebugInlining: false, nameTableKind: None)
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
!14 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!15 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!16 = distinct !DISubprogram(name: "sum", scope: !3, file: !3, line: 6, type: !17, scopeLine: 7, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !19)
!17 = !DISubroutineType(types: !18)
!18 = !{!7, !7}
!19 = !{!20, !21, !22}
!20 = !DILocalVariable(name: "n", arg: 1, scope: !16, file: !3, line: 6, type: !7)
!21 = !DILocalVariable(name: "s", scope: !16, file: !3, line: 8, type: !7)
!22 = !DILocalVariable(name: "i", scope: !23, file: !3, line: 9, type: !7)
!23 = distinct !DILexicalBlock(scope: !16, file: !3, line: 9, column: 5)
!24 = !DILocation(line: 0, scope: !16)
!25 = !DILocation(line: 0, scope: !23)
!26 = !DILocation(line: 9, column: 23, scope: !27)
!27 = distinct !DILexicalBlock(scope: !23, file: !3, line: 9, column: 5)
!28 = !DILocation(line: 9, column: 5, scope: !23)
!29 = !DILocation(line: 10, column: 15, scope: !30)
!30 = distinct !DILexicalBlock(scope: !31, file: !3, line: 10, column: 13)
!31 = distinct !DILexicalBlock(scope: !27, file: !3, line: 9, column: 33)
!32 = !DILocation(line: 10, column: 13, scope: !31)
!33 = !DILocation(line: 12, column: 15, scope: !34)
!34 = distinct !DILexicalBlock(scope: !31, file: !3, line: 12, column: 13)
!35 = !DILocation(line: 12, column: 13, scope: !31)
!36 = !DILocation(line: 14, column: 11, scope: !31)
!37 = !DILocation(line: 15, column: 5, scope: !31)
!38 = !DILocation(line: 9, column: 29, scope: !27)
!39 = distinct !{!39, !28, !40, !41, !42}
!40 = !DILocation(line: 15, column: 5, scope: !23)
!41 = !{!"llvm.loop.mustprogress"}
!42 = !{!"llvm.loop.unroll.disable"}
!43 = !DILocation(line: 8, column: 9, scope: !16)
!44 = !DILocation(line: 16, column: 5, scope: !16)
!45 = distinct !DISubprogram(name: "classify", scope: !3, file: !3, line: 19, type: !17, scopeLine: 20, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !46)
!46 = !{!47}
!47 = !DILocalVariable(name: "v", arg: 1, scope: !45, file: !3, line: 19, type: !7)
!48 = !DILocation(line: 0, scope: !45)
!49 = !DILocation(line: 21, column: 5, scope: !45)
!50 = !DILocation(line: 32, column: 1, scope: !45)
!51 = distinct !DISubprogram(name: "nested", scope: !3, file: !3, line: 34, type: !52, scopeLine: 35, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !54)
!52 = !DISubroutineType(types: !53)
!53 = !{null}
!54 = !{!55, !56}
!55 = !DILocalVariable(name: "i", scope: !51, file: !3, line: 36, type: !7)
!56 = !DILocalVariable(name: "j", scope: !57, file: !3, line: 38, type: !7)
!57 = distinct !DILexicalBlock(scope: !51, file: !3, line: 37, column: 8)
!58 = !DILocation(line: 0, scope: !51)
!59 = !{!60, !60, i64 0}
!60 = !{!"int", !61, i64 0}
!61 = !{!"omnipotent char", !62, i64 0}
!62 = !{!"Simple C/C++ TBAA"}
!63 = !DILocation(line: 37, column: 5, scope: !51)
!64 = !DILocation(line: 0, scope: !57)
!65 = !DILocation(line: 39, column: 18, scope: !57)
!66 = !DILocation(line: 39, column: 9, scope: !57)
!67 = !DILocation(line: 40, column: 15, scope: !68)
!68 = distinct !DILexicalBlock(scope: !57, file: !3, line: 39, column: 23)
!69 = !DILocation(line: 43, column: 10, scope: !57)
!70 = !DILocation(line: 44, column: 5, scope: !57)
!71 = !DILocation(line: 44, column: 16, scope: !51)
!72 = distinct !{!72, !63, !73, !41, !42}
!73 = !DILocation(line: 44, column: 19, scope: !51)
!74 = !DILocation(line: 45, column: 1, scope: !51)
!75 = distinct !DISubprogram(name: "wait_for_y", scope: !3, file: !3, line: 47, type: !52, scopeLine: 48, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2)
!76 = !DILocation(line: 49, column: 5, scope: !75)
!77 = distinct !{!77, !76, !78, !41, !42}
!78 = !DILocation(line: 50, column: 9, scope: !75)
!79 = !DILocation(line: 51, column: 7, scope: !75)
!80 = !DILocation(line: 52, column: 1, scope: !75)
!81 = distinct !DISubprogram(name: "early", scope: !3, file: !3, line: 54, type: !82, scopeLine: 55, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !84)
!82 = !DISubroutineType(types: !83)
!83 = !{!7, !7, !7}
!84 = !{!85, !86, !87}
!85 = !DILocalVariable(name: "a", arg: 1, scope: !81, file: !3, line: 54, type: !7)
!86 = !DILocalVariable(name: "b", arg: 2, scope: !81, file: !3, line: 54, type: !7)
!87 = !DILabel(scope: !81, name: "out", file: !3, line: 61)
!88 = !DILocation(line: 0, scope: !81)
!89 = !DILocation(line: 56, column: 11, scope: !90)
!90 = distinct !DILexicalBlock(scope: !81, file: !3, line: 56, column: 9)
!91 = !DILocation(line: 56, column: 9, scope: !81)
!92 = !DILocation(line: 63, column: 1, scope: !81)
