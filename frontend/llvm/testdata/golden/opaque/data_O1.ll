; ModuleID = 'testdata/golden/data.c'
source_filename = "testdata/golden/data.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.node = type { ptr, i32 }
%struct.pair = type { i32, %struct.node, [3 x i32] }

@tab = dso_local local_unnamed_addr global [4 x i32] [i32 1, i32 2, i32 0, i32 4], align 16, !dbg !0
@first = dso_local global %struct.node { ptr null, i32 7 }, align 8, !dbg !5
@head = dso_local local_unnamed_addr global ptr @first, align 8, !dbg !14
@pair = dso_local local_unnamed_addr global %struct.pair zeroinitializer, align 8, !dbg !17

; Function Attrs: nofree norecurse nosync nounwind memory(read, inaccessiblemem: none) uwtable
define dso_local i32 @walk(ptr noundef readonly %0) local_unnamed_addr #0 !dbg !39 {
    #dbg_value(ptr %0, !43, !DIExpression(), !45)
    #dbg_value(i32 0, !44, !DIExpression(), !45)
  %2 = icmp eq ptr %0, null, !dbg !46
  br i1 %2, label %11, label %3, !dbg !47

3:                                                ; preds = %1, %3
  %4 = phi i32 [ %8, %3 ], [ 0, %1 ]
  %5 = phi ptr [ %9, %3 ], [ %0, %1 ]
    #dbg_value(i32 %4, !44, !DIExpression(), !45)
    #dbg_value(ptr %5, !43, !DIExpression(), !45)
  %6 = getelementptr inbounds i8, ptr %5, i64 8, !dbg !48
  %7 = load i32, ptr %6, align 8, !dbg !48, !tbaa !50
  %8 = add nsw i32 %7, %4, !dbg !56
    #dbg_value(i32 %8, !44, !DIExpression(), !45)
  %9 = load ptr, ptr %5, align 8, !dbg !57, !tbaa !58
    #dbg_value(ptr %9, !43, !DIExpression(), !45)
  %10 = icmp eq ptr %9, null, !dbg !46
  br i1 %10, label %11, label %3, !dbg !47, !llvm.loop !59

11:                                               ; preds = %3, %1
  %12 = phi i32 [ 0, %1 ], [ %8, %3 ], !dbg !45
  ret i32 %12, !dbg !63
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none) uwtable
define dso_local void @arrays(i32 noundef %0) local_unnamed_addr #1 !dbg !64 {
    #dbg_value(i32 %0, !68, !DIExpression(), !71)
    #dbg_value(ptr poison, !69, !DIExpression(), !71)
  store i32 5, ptr getelementptr inbounds (i8, ptr @tab, i64 8), align 8, !dbg !72, !tbaa !73
  %2 = load i32, ptr getelementptr inbounds (i8, ptr @tab, i64 12), align 4, !dbg !74, !tbaa !73
  %3 = sext i32 %0 to i64, !dbg !75
  %4 = getelementptr inbounds [4 x i32], ptr @tab, i64 0, i64 %3, !dbg !75
  store i32 %2, ptr %4, align 4, !dbg !76, !tbaa !73
  %5 = load i32, ptr getelementptr inbounds (i8, ptr @pair, i64 16), align 8, !dbg !77, !tbaa !78
  %6 = getelementptr inbounds [3 x i32], ptr getelementptr inbounds (i8, ptr @pair, i64 24), i64 0, i64 %3, !dbg !80
  store i32 %5, ptr %6, align 4, !dbg !81, !tbaa !73
  ret void, !dbg !82
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none) uwtable
define dso_local void @copies() local_unnamed_addr #1 !dbg !83 {
    #dbg_assign(i1 undef, !89, !DIExpression(DW_OP_LLVM_fragment, 32, 288), !90, ptr undef, !DIExpression(), !91)
    #dbg_value(ptr poison, !87, !DIExpression(DW_OP_LLVM_fragment, 0, 64), !91)
    #dbg_value(i64 3, !87, !DIExpression(DW_OP_LLVM_fragment, 64, 64), !91)
    #dbg_value(ptr null, !88, !DIExpression(DW_OP_LLVM_fragment, 0, 64), !91)
    #dbg_value(i32 0, !88, !DIExpression(DW_OP_LLVM_fragment, 64, 32), !91)
    #dbg_value(i32 0, !88, !DIExpression(DW_OP_LLVM_fragment, 96, 32), !91)
    #dbg_value(i32 poison, !89, !DIExpression(DW_OP_LLVM_fragment, 0, 32), !91)
    #dbg_assign(i1 undef, !89, !DIExpression(DW_OP_LLVM_fragment, 32, 288), !92, ptr undef, !DIExpression(), !91)
  %1 = load ptr, ptr @head, align 8, !dbg !93, !tbaa !94
    #dbg_value(ptr %1, !87, !DIExpression(DW_OP_LLVM_fragment, 0, 64), !91)
  store ptr %1, ptr getelementptr inbounds (i8, ptr @pair, i64 8), align 8, !dbg !95, !tbaa !94
  store i64 3, ptr getelementptr inbounds (i8, ptr @pair, i64 16), align 8, !dbg !95
  ret void, !dbg !96
}

; Function Attrs: nounwind uwtable
define dso_local void @heap() local_unnamed_addr #2 !dbg !97 {
  %1 = tail call ptr @lsl_malloc(i64 noundef 16) #4, !dbg !101
    #dbg_value(ptr %1, !99, !DIExpression(), !102)
  %2 = tail call ptr @lsl_malloc(i64 noundef 12) #4, !dbg !103
    #dbg_value(ptr %2, !100, !DIExpression(), !102)
  %3 = getelementptr inbounds i8, ptr %1, i64 8, !dbg !104
  store i32 1, ptr %3, align 8, !dbg !105, !tbaa !50
  %4 = load ptr, ptr @head, align 8, !dbg !106, !tbaa !94
  store ptr %4, ptr %1, align 8, !dbg !107, !tbaa !58
  %5 = getelementptr inbounds i8, ptr %2, i64 8, !dbg !108
  store i32 1, ptr %5, align 4, !dbg !109, !tbaa !73
  store ptr %1, ptr @head, align 8, !dbg !110, !tbaa !94
  tail call void @lsl_free(ptr noundef %2) #4, !dbg !111
  ret void, !dbg !112
}

declare !dbg !113 ptr @lsl_malloc(i64 noundef) local_unnamed_addr #3

declare !dbg !121 void @lsl_free(ptr noundef) local_unnamed_addr #3

attributes #0 = { nofree norecurse nosync nounwind memory(read, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nofree norecurse nosync nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!31, !32, !33, !34, !35, !36, !37}
!llvm.ident = !{!38}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "tab", scope: !2, file: !3, line: 15, type: !28, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C11, file: !3, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, globals: !4, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "testdata/golden/data.c", directory: "/work/main/frontend/llvm", checksumkind: CSK_MD5, checksum: "e3dc25344373ac3fde7d69a3c3cb04d4")
!4 = !{!0, !5, !14, !17}
!5 = !DIGlobalVariableExpression(var: !6, expr: !DIExpression())
!6 = distinct !DIGlobalVariable(name: "first", scope: !2, file: !3, line: 16, type: !7, isLocal: false, isDefinition: true)
!7 = !DIDerivedType(tag: DW_TAG_typedef, name: "node_t", file: !3, line: 7, baseType: !8)
!8 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "node", file: !3, line: 4, size: 128, elements: !9)
!9 = !{!10, !12}
!10 = !DIDerivedType(tag: DW_TAG_member, name: "next", scope: !8, file: !3, line: 5, baseType: !11, size: 64)
!11 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !8, size: 64)
!12 = !DIDerivedType(tag: DW_TAG_member, name: "value", scope: !8, file: !3, line: 6, baseType: !13, size: 32, offset: 64)
!13 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!14 = !DIGlobalVariableExpression(var: !15, expr: !DIExpression())
!15 = distinct !DIGlobalVariable(name: "head", scope: !2, file: !3, line: 17, type: !16, isLocal: false, isDefinition: true)
!16 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64)
!17 = !DIGlobalVariableExpression(var: !18, expr: !DIExpression())
!18 = distinct !DIGlobalVariable(name: "pair", scope: !2, file: !3, line: 18, type: !19, isLocal: false, isDefinition: true)
!19 = !DIDerivedType(tag: DW_TAG_typedef, name: "pair_t", file: !3, line: 13, baseType: !20)
!20 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "pair", file: !3, line: 9, size: 320, elements: !21)
!21 = !{!22, !23, !24}
!22 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !20, file: !3, line: 10, baseType: !13, size: 32)
!23 = !DIDerivedType(tag: DW_TAG_member, name: "n", scope: !20, file: !3, line: 11, baseType: !7, size: 128, offset: 64)
!24 = !DIDerivedType(tag: DW_TAG_member, name: "arr", scope: !20, file: !3, line: 12, baseType: !25, size: 96, offset: 192)
!25 = !DICompositeType(tag: DW_TAG_array_type, baseType: !13, size: 96, elements: !26)
!26 = !{!27}
!27 = !DISubrange(count: 3)
!28 = !DICompositeType(tag: DW_TAG_array_type, baseType: !13, size: 128, elements: !29)
!29 = !{!30}
!30 = !DISubrange(count: 4)
!31 = !{i32 7, !"Dwarf Version", i32 5}
!32 = !{i32 2, !"Debug Info Version", i32 3}
!33 = !{i32 1, !"wchar_size", i32 4}
!34 = !{i32 8, !"PIC Level", i32 2}
!35 = !{i32 7, !"PIE Level", i32 2}
!36 = !{i32 7, !"uwtable", i32 2}
!37 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!38 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!39 = distinct !DISubprogram(name: "walk", scope: !3, file: !3, line: 20, type: !40, scopeLine: 21, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !42)
!40 = !DISubroutineType(types: !41)
!41 = !{!13, !16}
!42 = !{!43, !44}
!43 = !DILocalVariable(name: "p", arg: 1, scope: !39, file: !3, line: 20, type: !16)
!44 = !DILocalVariable(name: "s", scope: !39, file: !3, line: 22, type: !13)
!45 = !DILocation(line: 0, scope: !39)
!46 = !DILocation(line: 23, column: 14, scope: !39)
!47 = !DILocation(line: 23, column: 5, scope: !39)
!48 = !DILocation(line: 24, column: 17, scope: !49)
!49 = distinct !DILexicalBlock(scope: !39, file: !3, line: 23, column: 20)
!50 = !{!51, !55, i64 8}
!51 = !{!"node", !52, i64 0, !55, i64 8}
!52 = !{!"any pointer", !53, i64 0}
!53 = !{!"omnipotent char", !54, i64 0}
!54 = !{!"Simple C/C++ TBAA"}
!55 = !{!"int", !53, i64 0}
!56 = !DILocation(line: 24, column: 11, scope: !49)
!57 = !DILocation(line: 25, column: 16, scope: !49)
!58 = !{!51, !52, i64 0}
!59 = distinct !{!59, !47, !60, !61, !62}
!60 = !DILocation(line: 26, column: 5, scope: !39)
!61 = !{!"llvm.loop.mustprogress"}
!62 = !{!"llvm.loop.unroll.disable"}
!63 = !DILocation(line: 27, column: 5, scope: !39)
!64 = distinct !DISubprogram(name: "arrays", scope: !3, file: !3, line: 30, type: !65, scopeLine: 31, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !67)
!65 = !DISubroutineType(types: !66)
!66 = !{null, !13}
!67 = !{!68, !69}
!68 = !DILocalVariable(name: "i", arg: 1, scope: !64, file: !3, line: 30, type: !13)
!69 = !DILocalVariable(name: "p", scope: !64, file: !3, line: 32, type: !70)
!70 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !13, size: 64)
!71 = !DILocation(line: 0, scope: !64)
!72 = !DILocation(line: 33, column: 10, scope: !64)
!73 = !{!55, !55, i64 0}
!74 = !DILocation(line: 34, column: 14, scope: !64)
!75 = !DILocation(line: 34, column: 5, scope: !64)
!76 = !DILocation(line: 34, column: 12, scope: !64)
!77 = !DILocation(line: 35, column: 26, scope: !64)
!78 = !{!79, !55, i64 16}
!79 = !{!"pair", !55, i64 0, !51, i64 8, !53, i64 24}
!80 = !DILocation(line: 35, column: 5, scope: !64)
!81 = !DILocation(line: 35, column: 17, scope: !64)
!82 = !DILocation(line: 36, column: 1, scope: !64)
!83 = distinct !DISubprogram(name: "copies", scope: !3, file: !3, line: 38, type: !84, scopeLine: 39, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !86)
!84 = !DISubroutineType(types: !85)
!85 = !{null}
!86 = !{!87, !88, !89}
!87 = !DILocalVariable(name: "local", scope: !83, file: !3, line: 40, type: !7)
!88 = !DILocalVariable(name: "zero", scope: !83, file: !3, line: 41, type: !7)
!89 = !DILocalVariable(name: "copy", scope: !83, file: !3, line: 42, type: !19)
!90 = distinct !DIAssignID()
!91 = !DILocation(line: 0, scope: !83)
!92 = distinct !DIAssignID()
!93 = !DILocation(line: 44, column: 18, scope: !83)
!94 = !{!52, !52, i64 0}
!95 = !DILocation(line: 45, column: 14, scope: !83)
!96 = !DILocation(line: 47, column: 1, scope: !83)
!97 = distinct !DISubprogram(name: "heap", scope: !3, file: !3, line: 49, type: !84, scopeLine: 50, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !98)
!98 = !{!99, !100}
!99 = !DILocalVariable(name: "n", scope: !97, file: !3, line: 51, type: !16)
!100 = !DILocalVariable(name: "buf", scope: !97, file: !3, line: 52, type: !70)
!101 = !DILocation(line: 51, column: 17, scope: !97)
!102 = !DILocation(line: 0, scope: !97)
!103 = !DILocation(line: 52, column: 16, scope: !97)
!104 = !DILocation(line: 53, column: 8, scope: !97)
!105 = !DILocation(line: 53, column: 14, scope: !97)
!106 = !DILocation(line: 54, column: 15, scope: !97)
!107 = !DILocation(line: 54, column: 13, scope: !97)
!108 = !DILocation(line: 55, column: 5, scope: !97)
!109 = !DILocation(line: 55, column: 12, scope: !97)
!110 = !DILocation(line: 56, column: 10, scope: !97)
!111 = !DILocation(line: 57, column: 5, scope: !97)
!112 = !DILocation(line: 58, column: 1, scope: !97)
!113 = !DISubprogram(name: "lsl_malloc", scope: !114, file: !114, line: 18, type: !115, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!114 = !DIFile(filename: "../c/include/lsl_protos.h", directory: "/work/main/frontend/llvm", checksumkind: CSK_MD5, checksum: "71359d6d75fb036d63ba178c17f6cf3b")
!115 = !DISubroutineType(types: !116)
!116 = !{!117, !118}
!117 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!118 = !DIDerivedType(tag: DW_TAG_typedef, name: "size_t", file: !119, line: 3, baseType: !120)
!119 = !DIFile(filename: "../c/include/stddef.h", directory: "/work/main/frontend/llvm", checksumkind: CSK_MD5, checksum: "708b30ab1507159894cb03b7b12388c7")
!120 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!121 = !DISubprogram(name: "lsl_free", scope: !114, file: !114, line: 19, type: !122, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!122 = !DISubroutineType(types: !123)
!123 = !{null, !117}
