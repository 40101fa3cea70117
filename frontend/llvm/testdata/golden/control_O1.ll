; ModuleID = 'testdata/golden/control.c'
source_filename = "testdata/golden/control.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@X = dso_local local_unnamed_addr global i32 0, align 4, !dbg !0
@Y = dso_local local_unnamed_addr global i32 0, align 4, !dbg !5

; Function Attrs: nofree norecurse nosync nounwind readnone uwtable
define dso_local i32 @sum(i32 noundef %0) local_unnamed_addr #0 !dbg !15 {
  call void @llvm.dbg.value(metadata i32 %0, metadata !19, metadata !DIExpression()), !dbg !23
  call void @llvm.dbg.value(metadata i32 0, metadata !20, metadata !DIExpression()), !dbg !23
  call void @llvm.dbg.value(metadata i32 0, metadata !21, metadata !DIExpression()), !dbg !24
  %2 = icmp sgt i32 %0, 0, !dbg !25
  br i1 %2, label %3, label %15, !dbg !27

3:                                                ; preds = %1, %11
  %4 = phi i32 [ %13, %11 ], [ 0, %1 ]
  %5 = phi i32 [ %12, %11 ], [ 0, %1 ]
  call void @llvm.dbg.value(metadata i32 %4, metadata !21, metadata !DIExpression()), !dbg !24
  call void @llvm.dbg.value(metadata i32 %5, metadata !20, metadata !DIExpression()), !dbg !23
  %6 = icmp eq i32 %4, 3, !dbg !28
  br i1 %6, label %11, label %7, !dbg !31

7:                                                ; preds = %3
  %8 = icmp sgt i32 %5, 10, !dbg !32
  br i1 %8, label %15, label %9, !dbg !34

9:                                                ; preds = %7
  %10 = add nsw i32 %4, %5, !dbg !35
  call void @llvm.dbg.value(metadata i32 %10, metadata !20, metadata !DIExpression()), !dbg !23
  br label %11, !dbg !36

11:                                               ; preds = %3, %9
  %12 = phi i32 [ %5, %3 ], [ %10, %9 ], !dbg !23
  call void @llvm.dbg.value(metadata i32 %12, metadata !20, metadata !DIExpression()), !dbg !23
  %13 = add nuw nsw i32 %4, 1, !dbg !37
  call void @llvm.dbg.value(metadata i32 %13, metadata !21, metadata !DIExpression()), !dbg !24
  %14 = icmp eq i32 %13, %0, !dbg !25
  br i1 %14, label %15, label %3, !dbg !27, !llvm.loop !38

15:                                               ; preds = %11, %7, %1
  %16 = phi i32 [ 0, %1 ], [ %12, %11 ], [ %5, %7 ], !dbg !42
  ret i32 %16, !dbg !43
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind readnone uwtable willreturn
define dso_local i32 @classify(i32 noundef %0) local_unnamed_addr #1 !dbg !44 {
  call void @llvm.dbg.value(metadata i32 %0, metadata !46, metadata !DIExpression()), !dbg !47
  switch i32 %0, label %4 [
    i32 0, label %6
    i32 1, label %2
    i32 2, label %2
  ], !dbg !48

2:                                                ; preds = %1, %1
  %3 = shl nsw i32 %0, 1, !dbg !49
  call void @llvm.dbg.value(metadata i32 %3, metadata !46, metadata !DIExpression()), !dbg !47
  br label %4, !dbg !51

4:                                                ; preds = %1, %2
  %5 = phi i32 [ %3, %2 ], [ -1, %1 ], !dbg !52
  call void @llvm.dbg.value(metadata i32 %5, metadata !46, metadata !DIExpression()), !dbg !47
  br label %6, !dbg !53

6:                                                ; preds = %1, %4
  %7 = phi i32 [ %5, %4 ], [ 10, %1 ], !dbg !47
  ret i32 %7, !dbg !54
}

; Function Attrs: nofree norecurse nosync nounwind uwtable
define dso_local void @nested() local_unnamed_addr #2 !dbg !55 {
  call void @llvm.dbg.value(metadata i32 0, metadata !59, metadata !DIExpression()), !dbg !62
  %1 = load i32, i32* @X, align 4, !tbaa !63
  br label %2, !dbg !67

2:                                                ; preds = %16, %0
  %3 = phi i32 [ %20, %16 ], [ -2, %0 ]
  %4 = phi i32 [ %19, %16 ], [ -1, %0 ]
  %5 = phi i32 [ %17, %16 ], [ %1, %0 ]
  %6 = phi i32 [ %18, %16 ], [ 0, %0 ], !dbg !62
  call void @llvm.dbg.value(metadata i32 %6, metadata !59, metadata !DIExpression()), !dbg !62
  call void @llvm.dbg.value(metadata i32 0, metadata !60, metadata !DIExpression()), !dbg !68
  call void @llvm.dbg.value(metadata i32 0, metadata !60, metadata !DIExpression()), !dbg !68
  %7 = icmp eq i32 %6, 0, !dbg !69
  br i1 %7, label %16, label %8, !dbg !70

8:                                                ; preds = %2
  %9 = zext i32 %4 to i33, !dbg !69
  %10 = zext i32 %3 to i33, !dbg !69
  %11 = mul i33 %9, %10, !dbg !69
  %12 = lshr i33 %11, 1, !dbg !69
  %13 = trunc i33 %12 to i32, !dbg !69
  %14 = add i32 %5, %4, !dbg !70
  call void @llvm.dbg.value(metadata i32 undef, metadata !60, metadata !DIExpression()), !dbg !68
  %15 = add i32 %14, %13, !dbg !70
  store i32 %15, i32* @X, align 4, !dbg !71, !tbaa !63
  br label %16, !dbg !70

16:                                               ; preds = %8, %2
  %17 = phi i32 [ %15, %8 ], [ %5, %2 ]
  %18 = add nuw nsw i32 %6, 1, !dbg !73
  call void @llvm.dbg.value(metadata i32 %18, metadata !59, metadata !DIExpression()), !dbg !62
  %19 = add nsw i32 %4, 1, !dbg !74
  %20 = add nsw i32 %3, 1, !dbg !74
  %21 = icmp eq i32 %18, 3, !dbg !75
  br i1 %21, label %22, label %2, !dbg !74, !llvm.loop !76

22:                                               ; preds = %16
  ret void, !dbg !78
}

; Function Attrs: nofree norecurse nosync nounwind uwtable
define dso_local void @wait_for_y() local_unnamed_addr #2 !dbg !79 {
  %1 = load i32, i32* @Y, align 4, !tbaa !63
  %2 = icmp eq i32 %1, 0
  br i1 %2, label %3, label %4, !dbg !81, !llvm.loop !82

3:                                                ; preds = %0, %3
  br label %3

4:                                                ; preds = %0
  store i32 1, i32* @X, align 4, !dbg !84, !tbaa !63
  ret void, !dbg !85
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind readnone uwtable willreturn
define dso_local i32 @early(i32 noundef %0, i32 noundef %1) local_unnamed_addr #1 !dbg !86 {
  call void @llvm.dbg.value(metadata i32 %0, metadata !90, metadata !DIExpression()), !dbg !93
  call void @llvm.dbg.value(metadata i32 %1, metadata !91, metadata !DIExpression()), !dbg !93
  %3 = icmp slt i32 %0, 0, !dbg !94
  %4 = icmp slt i32 %1, 0, !dbg !96
  %5 = add nsw i32 %1, %0, !dbg !96
  %6 = select i1 %4, i32 -2, i32 %5, !dbg !96
  %7 = select i1 %3, i32 %0, i32 %6, !dbg !96
  ret i32 %7, !dbg !97
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.value(metadata, metadata, metadata) #3

attributes #0 = { nofree norecurse nosync nounwind readnone uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nofree norecurse nosync nounwind readnone uwtable willreturn "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nofree norecurse nosync nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nofree nosync nounwind readnone speculatable willreturn }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!8, !9, !10, !11, !12, !13}
!llvm.ident = !{!14}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "X", scope: !2, file: !3, line: 4, type: !7, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, globals: !4, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "testdata/golden/control.c", directory: "/work/main/frontend/llvm", checksumkind: CSK_MD5, checksum: "c70290a57ebf04caa8abc3a3c5b3638a")
!4 = !{!0, !5}
!5 = !DIGlobalVariableExpression(var: !6, expr: !DIExpression())
!6 = distinct !DIGlobalVariable(name: "Y", scope: !2, file: !3, line: 4, type: !7, isLocal: false, isDefinition: true)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !{i32 7, !"Dwarf Version", i32 5}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!10 = !{i32 1, !"wchar_size", i32 4}
!11 = !{i32 7, !"PIC Level", i32 2}
!12 = !{i32 7, !"PIE Level", i32 2}
!13 = !{i32 7, !"uwtable", i32 1}
!14 = !{!"Debian clang version 14.0.6"}
!15 = distinct !DISubprogram(name: "sum", scope: !3, file: !3, line: 6, type: !16, scopeLine: 7, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !18)
!16 = !DISubroutineType(types: !17)
!17 = !{!7, !7}
!18 = !{!19, !20, !21}
!19 = !DILocalVariable(name: "n", arg: 1, scope: !15, file: !3, line: 6, type: !7)
!20 = !DILocalVariable(name: "s", scope: !15, file: !3, line: 8, type: !7)
!21 = !DILocalVariable(name: "i", scope: !22, file: !3, line: 9, type: !7)
!22 = distinct !DILexicalBlock(scope: !15, file: !3, line: 9, column: 5)
!23 = !DILocation(line: 0, scope: !15)
!24 = !DILocation(line: 0, scope: !22)
!25 = !DILocation(line: 9, column: 23, scope: !26)
!26 = distinct !DILexicalBlock(scope: !22, file: !3, line: 9, column: 5)
!27 = !DILocation(line: 9, column: 5, scope: !22)
!28 = !DILocation(line: 10, column: 15, scope: !29)
!29 = distinct !DILexicalBlock(scope: !30, file: !3, line: 10, column: 13)
!30 = distinct !DILexicalBlock(scope: !26, file: !3, line: 9, column: 33)
!31 = !DILocation(line: 10, column: 13, scope: !30)
!32 = !DILocation(line: 12, column: 15, scope: !33)
!33 = distinct !DILexicalBlock(scope: !30, file: !3, line: 12, column: 13)
!34 = !DILocation(line: 12, column: 13, scope: !30)
!35 = !DILocation(line: 14, column: 11, scope: !30)
!36 = !DILocation(line: 15, column: 5, scope: !30)
!37 = !DILocation(line: 9, column: 29, scope: !26)
!38 = distinct !{!38, !27, !39, !40, !41}
!39 = !DILocation(line: 15, column: 5, scope: !22)
!40 = !{!"llvm.loop.mustprogress"}
!41 = !{!"llvm.loop.unroll.disable"}
!42 = !DILocation(line: 8, column: 9, scope: !15)
!43 = !DILocation(line: 16, column: 5, scope: !15)
!44 = distinct !DISubprogram(name: "classify", scope: !3, file: !3, line: 19, type: !16, scopeLine: 20, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !45)
!45 = !{!46}
!46 = !DILocalVariable(name: "v", arg: 1, scope: !44, file: !3, line: 19, type: !7)
!47 = !DILocation(line: 0, scope: !44)
!48 = !DILocation(line: 21, column: 5, scope: !44)
!49 = !DILocation(line: 26, column: 15, scope: !50)
!50 = distinct !DILexicalBlock(scope: !44, file: !3, line: 21, column: 16)
!51 = !DILocation(line: 27, column: 9, scope: !50)
!52 = !DILocation(line: 0, scope: !50)
!53 = !DILocation(line: 31, column: 5, scope: !44)
!54 = !DILocation(line: 32, column: 1, scope: !44)
!55 = distinct !DISubprogram(name: "nested", scope: !3, file: !3, line: 34, type: !56, scopeLine: 35, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !58)
!56 = !DISubroutineType(types: !57)
!57 = !{null}
!58 = !{!59, !60}
!59 = !DILocalVariable(name: "i", scope: !55, file: !3, line: 36, type: !7)
!60 = !DILocalVariable(name: "j", scope: !61, file: !3, line: 38, type: !7)
!61 = distinct !DILexicalBlock(scope: !55, file: !3, line: 37, column: 8)
!62 = !DILocation(line: 0, scope: !55)
!63 = !{!64, !64, i64 0}
!64 = !{!"int", !65, i64 0}
!65 = !{!"omnipotent char", !66, i64 0}
!66 = !{!"Simple C/C++ TBAA"}
!67 = !DILocation(line: 37, column: 5, scope: !55)
!68 = !DILocation(line: 0, scope: !61)
!69 = !DILocation(line: 39, column: 18, scope: !61)
!70 = !DILocation(line: 39, column: 9, scope: !61)
!71 = !DILocation(line: 40, column: 15, scope: !72)
!72 = distinct !DILexicalBlock(scope: !61, file: !3, line: 39, column: 23)
!73 = !DILocation(line: 43, column: 10, scope: !61)
!74 = !DILocation(line: 44, column: 5, scope: !61)
!75 = !DILocation(line: 44, column: 16, scope: !55)
!76 = distinct !{!76, !67, !77, !40, !41}
!77 = !DILocation(line: 44, column: 19, scope: !55)
!78 = !DILocation(line: 45, column: 1, scope: !55)
!79 = distinct !DISubprogram(name: "wait_for_y", scope: !3, file: !3, line: 47, type: !56, scopeLine: 48, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !80)
!80 = !{}
!81 = !DILocation(line: 49, column: 5, scope: !79)
!82 = distinct !{!82, !81, !83, !40, !41}
!83 = !DILocation(line: 50, column: 9, scope: !79)
!84 = !DILocation(line: 51, column: 7, scope: !79)
!85 = !DILocation(line: 52, column: 1, scope: !79)
!86 = distinct !DISubprogram(name: "early", scope: !3, file: !3, line: 54, type: !87, scopeLine: 55, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !89)
!87 = !DISubroutineType(types: !88)
!88 = !{!7, !7, !7}
!89 = !{!90, !91, !92}
!90 = !DILocalVariable(name: "a", arg: 1, scope: !86, file: !3, line: 54, type: !7)
!91 = !DILocalVariable(name: "b", arg: 2, scope: !86, file: !3, line: 54, type: !7)
!92 = !DILabel(scope: !86, name: "out", file: !3, line: 61)
!93 = !DILocation(line: 0, scope: !86)
!94 = !DILocation(line: 56, column: 11, scope: !95)
!95 = distinct !DILexicalBlock(scope: !86, file: !3, line: 56, column: 9)
!96 = !DILocation(line: 56, column: 9, scope: !86)
!97 = !DILocation(line: 63, column: 1, scope: !86)
