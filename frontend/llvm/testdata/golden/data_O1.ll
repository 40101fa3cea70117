; ModuleID = 'testdata/golden/data.c'
source_filename = "testdata/golden/data.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.node = type { %struct.node*, i32 }
%struct.pair = type { i32, %struct.node, [3 x i32] }

@tab = dso_local local_unnamed_addr global [4 x i32] [i32 1, i32 2, i32 0, i32 4], align 16, !dbg !0
@first = dso_local global %struct.node { %struct.node* null, i32 7 }, align 8, !dbg !5
@head = dso_local local_unnamed_addr global %struct.node* @first, align 8, !dbg !14
@pair = dso_local local_unnamed_addr global %struct.pair zeroinitializer, align 8, !dbg !17

; Function Attrs: nofree norecurse nosync nounwind readonly uwtable
define dso_local i32 @walk(%struct.node* noundef readonly %0) local_unnamed_addr #0 !dbg !38 {
  call void @llvm.dbg.value(metadata %struct.node* %0, metadata !42, metadata !DIExpression()), !dbg !44
  call void @llvm.dbg.value(metadata i32 0, metadata !43, metadata !DIExpression()), !dbg !44
  %2 = icmp eq %struct.node* %0, null, !dbg !45
  br i1 %2, label %12, label %3, !dbg !46

3:                                                ; preds = %1, %3
  %4 = phi i32 [ %8, %3 ], [ 0, %1 ]
  %5 = phi %struct.node* [ %10, %3 ], [ %0, %1 ]
  call void @llvm.dbg.value(metadata i32 %4, metadata !43, metadata !DIExpression()), !dbg !44
  call void @llvm.dbg.value(metadata %struct.node* %5, metadata !42, metadata !DIExpression()), !dbg !44
  %6 = getelementptr inbounds %struct.node, %struct.node* %5, i64 0, i32 1, !dbg !47
  %7 = load i32, i32* %6, align 8, !dbg !47, !tbaa !49
  %8 = add nsw i32 %7, %4, !dbg !55
  call void @llvm.dbg.value(metadata i32 %8, metadata !43, metadata !DIExpression()), !dbg !44
  %9 = getelementptr inbounds %struct.node, %struct.node* %5, i64 0, i32 0, !dbg !56
  %10 = load %struct.node*, %struct.node** %9, align 8, !dbg !56, !tbaa !57
  call void @llvm.dbg.value(metadata %struct.node* %10, metadata !42, metadata !DIExpression()), !dbg !44
  %11 = icmp eq %struct.node* %10, null, !dbg !45
  br i1 %11, label %12, label %3, !dbg !46, !llvm.loop !58

12:                                               ; preds = %3, %1
  %13 = phi i32 [ 0, %1 ], [ %8, %3 ], !dbg !44
  ret i32 %13, !dbg !62
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind uwtable willreturn
define dso_local void @arrays(i32 noundef %0) local_unnamed_addr #1 !dbg !63 {
  call void @llvm.dbg.value(metadata i32 %0, metadata !67, metadata !DIExpression()), !dbg !70
  store i32 5, i32* getelementptr inbounds ([4 x i32], [4 x i32]* @tab, i64 0, i64 2), align 8, !dbg !71, !tbaa !72
  %2 = load i32, i32* getelementptr inbounds ([4 x i32], [4 x i32]* @tab, i64 0, i64 3), align 4, !dbg !73, !tbaa !72
  %3 = sext i32 %0 to i64, !dbg !74
  %4 = getelementptr inbounds [4 x i32], [4 x i32]* @tab, i64 0, i64 %3, !dbg !74
  store i32 %2, i32* %4, align 4, !dbg !75, !tbaa !72
  %5 = load i32, i32* getelementptr inbounds (%struct.pair, %struct.pair* @pair, i64 0, i32 1, i32 1), align 8, !dbg !76, !tbaa !77
  %6 = getelementptr inbounds %struct.pair, %struct.pair* @pair, i64 0, i32 2, i64 %3, !dbg !79
  store i32 %5, i32* %6, align 4, !dbg !80, !tbaa !72
  ret void, !dbg !81
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind uwtable willreturn
define dso_local void @copies() local_unnamed_addr #1 !dbg !82 {
  call void @llvm.dbg.value(metadata %struct.node* undef, metadata !86, metadata !DIExpression(DW_OP_LLVM_fragment, 0, 64)), !dbg !89
  call void @llvm.dbg.value(metadata i64 3, metadata !86, metadata !DIExpression(DW_OP_LLVM_fragment, 64, 64)), !dbg !89
  call void @llvm.dbg.value(metadata %struct.node* null, metadata !87, metadata !DIExpression(DW_OP_LLVM_fragment, 0, 64)), !dbg !89
  call void @llvm.dbg.value(metadata i32 0, metadata !87, metadata !DIExpression(DW_OP_LLVM_fragment, 64, 32)), !dbg !89
  call void @llvm.dbg.value(metadata i32 0, metadata !87, metadata !DIExpression(DW_OP_LLVM_fragment, 96, 32)), !dbg !89
  call void @llvm.dbg.value(metadata i32 undef, metadata !88, metadata !DIExpression(DW_OP_LLVM_fragment, 0, 32)), !dbg !89
  %1 = load %struct.node*, %struct.node** @head, align 8, !dbg !90, !tbaa !91
  call void @llvm.dbg.value(metadata %struct.node* %1, metadata !86, metadata !DIExpression(DW_OP_LLVM_fragment, 0, 64)), !dbg !89
  store %struct.node* %1, %struct.node** getelementptr inbounds (%struct.pair, %struct.pair* @pair, i64 0, i32 1, i32 0), align 8, !dbg !92, !tbaa.struct !93
  store i64 3, i64* bitcast (i32* getelementptr inbounds (%struct.pair, %struct.pair* @pair, i64 0, i32 1, i32 1) to i64*), align 8, !dbg !92, !tbaa.struct !94
  ret void, !dbg !95
}

; Function Attrs: nounwind uwtable
define dso_local void @heap() local_unnamed_addr #2 !dbg !96 {
  %1 = call i8* @lsl_malloc(i64 noundef 16) #5, !dbg !100
  call void @llvm.dbg.value(metadata i8* %1, metadata !98, metadata !DIExpression()), !dbg !101
  %2 = call i8* @lsl_malloc(i64 noundef 12) #5, !dbg !102
  call void @llvm.dbg.value(metadata i8* %2, metadata !99, metadata !DIExpression()), !dbg !101
  %3 = getelementptr inbounds i8, i8* %1, i64 8, !dbg !103
  %4 = bitcast i8* %3 to i32*, !dbg !103
  store i32 1, i32* %4, align 8, !dbg !104, !tbaa !49
  %5 = load %struct.node*, %struct.node** @head, align 8, !dbg !105, !tbaa !91
  %6 = bitcast i8* %1 to %struct.node**, !dbg !106
  store %struct.node* %5, %struct.node** %6, align 8, !dbg !107, !tbaa !57
  %7 = getelementptr inbounds i8, i8* %2, i64 8, !dbg !108
  %8 = bitcast i8* %7 to i32*, !dbg !108
  store i32 1, i32* %8, align 4, !dbg !109, !tbaa !72
  store i8* %1, i8** bitcast (%struct.node** @head to i8**), align 8, !dbg !110, !tbaa !91
  call void @lsl_free(i8* noundef %2) #5, !dbg !111
  ret void, !dbg !112
}

declare !dbg !113 i8* @lsl_malloc(i64 noundef) local_unnamed_addr #3

declare !dbg !122 void @lsl_free(i8* noundef) local_unnamed_addr #3

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.value(metadata, metadata, metadata) #4

attributes #0 = { nofree norecurse nosync nounwind readonly uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nofree norecurse nosync nounwind uwtable willreturn "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #5 = { nounwind }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!31, !32, !33, !34, !35, !36}
!llvm.ident = !{!37}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "tab", scope: !2, file: !3, line: 15, type: !28, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, globals: !4, splitDebugInlining: false, nameTableKind: None)
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
!34 = !{i32 7, !"PIC Level", i32 2}
!35 = !{i32 7, !"PIE Level", i32 2}
!36 = !{i32 7, !"uwtable", i32 1}
!37 = !{!"Debian clang version 14.0.6"}
!38 = distinct !DISubprogram(name: "walk", scope: !3, file: !3, line: 20, type: !39, scopeLine: 21, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !41)
!39 = !DISubroutineType(types: !40)
!40 = !{!13, !16}
!41 = !{!42, !43}
!42 = !DILocalVariable(name: "p", arg: 1, scope: !38, file: !3, line: 20, type: !16)
!43 = !DILocalVariable(name: "s", scope: !38, file: !3, line: 22, type: !13)
!44 = !DILocation(line: 0, scope: !38)
!45 = !DILocation(line: 23, column: 14, scope: !38)
!46 = !DILocation(line: 23, column: 5, scope: !38)
!47 = !DILocation(line: 24, column: 17, scope: !48)
!48 = distinct !DILexicalBlock(scope: !38, file: !3, line: 23, column: 20)
!49 = !{!50, !54, i64 8}
!50 = !{!"node", !51, i64 0, !54, i64 8}
!51 = !{!"any pointer", !52, i64 0}
!52 = !{!"omnipotent char", !53, i64 0}
!53 = !{!"Simple C/C++ TBAA"}
!54 = !{!"int", !52, i64 0}
!55 = !DILocation(line: 24, column: 11, scope: !48)
!56 = !DILocation(line: 25, column: 16, scope: !48)
!57 = !{!50, !51, i64 0}
!58 = distinct !{!58, !46, !59, !60, !61}
!59 = !DILocation(line: 26, column: 5, scope: !38)
!60 = !{!"llvm.loop.mustprogress"}
!61 = !{!"llvm.loop.unroll.disable"}
!62 = !DILocation(line: 27, column: 5, scope: !38)
!63 = distinct !DISubprogram(name: "arrays", scope: !3, file: !3, line: 30, type: !64, scopeLine: 31, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !66)
!64 = !DISubroutineType(types: !65)
!65 = !{null, !13}
!66 = !{!67, !68}
!67 = !DILocalVariable(name: "i", arg: 1, scope: !63, file: !3, line: 30, type: !13)
!68 = !DILocalVariable(name: "p", scope: !63, file: !3, line: 32, type: !69)
!69 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !13, size: 64)
!70 = !DILocation(line: 0, scope: !63)
!71 = !DILocation(line: 33, column: 10, scope: !63)
!72 = !{!54, !54, i64 0}
!73 = !DILocation(line: 34, column: 14, scope: !63)
!74 = !DILocation(line: 34, column: 5, scope: !63)
!75 = !DILocation(line: 34, column: 12, scope: !63)
!76 = !DILocation(line: 35, column: 26, scope: !63)
!77 = !{!78, !54, i64 16}
!78 = !{!"pair", !54, i64 0, !50, i64 8, !52, i64 24}
!79 = !DILocation(line: 35, column: 5, scope: !63)
!80 = !DILocation(line: 35, column: 17, scope: !63)
!81 = !DILocation(line: 36, column: 1, scope: !63)
!82 = distinct !DISubprogram(name: "copies", scope: !3, file: !3, line: 38, type: !83, scopeLine: 39, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !85)
!83 = !DISubroutineType(types: !84)
!84 = !{null}
!85 = !{!86, !87, !88}
!86 = !DILocalVariable(name: "local", scope: !82, file: !3, line: 40, type: !7)
!87 = !DILocalVariable(name: "zero", scope: !82, file: !3, line: 41, type: !7)
!88 = !DILocalVariable(name: "copy", scope: !82, file: !3, line: 42, type: !19)
!89 = !DILocation(line: 0, scope: !82)
!90 = !DILocation(line: 44, column: 18, scope: !82)
!91 = !{!51, !51, i64 0}
!92 = !DILocation(line: 45, column: 14, scope: !82)
!93 = !{i64 0, i64 8, !91, i64 8, i64 4, !72}
!94 = !{i64 0, i64 4, !72}
!95 = !DILocation(line: 47, column: 1, scope: !82)
!96 = distinct !DISubprogram(name: "heap", scope: !3, file: !3, line: 49, type: !83, scopeLine: 50, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !97)
!97 = !{!98, !99}
!98 = !DILocalVariable(name: "n", scope: !96, file: !3, line: 51, type: !16)
!99 = !DILocalVariable(name: "buf", scope: !96, file: !3, line: 52, type: !69)
!100 = !DILocation(line: 51, column: 17, scope: !96)
!101 = !DILocation(line: 0, scope: !96)
!102 = !DILocation(line: 52, column: 16, scope: !96)
!103 = !DILocation(line: 53, column: 8, scope: !96)
!104 = !DILocation(line: 53, column: 14, scope: !96)
!105 = !DILocation(line: 54, column: 15, scope: !96)
!106 = !DILocation(line: 54, column: 8, scope: !96)
!107 = !DILocation(line: 54, column: 13, scope: !96)
!108 = !DILocation(line: 55, column: 5, scope: !96)
!109 = !DILocation(line: 55, column: 12, scope: !96)
!110 = !DILocation(line: 56, column: 10, scope: !96)
!111 = !DILocation(line: 57, column: 5, scope: !96)
!112 = !DILocation(line: 58, column: 1, scope: !96)
!113 = !DISubprogram(name: "lsl_malloc", scope: !114, file: !114, line: 18, type: !115, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized, retainedNodes: !121)
!114 = !DIFile(filename: "include/c/lsl_protos.h", directory: "/work/main/frontend/llvm", checksumkind: CSK_MD5, checksum: "71359d6d75fb036d63ba178c17f6cf3b")
!115 = !DISubroutineType(types: !116)
!116 = !{!117, !118}
!117 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!118 = !DIDerivedType(tag: DW_TAG_typedef, name: "size_t", file: !119, line: 3, baseType: !120)
!119 = !DIFile(filename: "include/c/stddef.h", directory: "/work/main/frontend/llvm", checksumkind: CSK_MD5, checksum: "708b30ab1507159894cb03b7b12388c7")
!120 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!121 = !{}
!122 = !DISubprogram(name: "lsl_free", scope: !114, file: !114, line: 19, type: !123, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized, retainedNodes: !121)
!123 = !DISubroutineType(types: !124)
!124 = !{null, !117}
