; ModuleID = 'testdata/golden/data.c'
source_filename = "testdata/golden/data.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.node = type { ptr, i32 }
%struct.pair = type { i32, %struct.node, [3 x i32] }

@tab = dso_local global [4 x i32] [i32 1, i32 2, i32 0, i32 4], align 16, !dbg !0
@first = dso_local global %struct.node { ptr null, i32 7 }, align 8, !dbg !5
@head = dso_local global ptr @first, align 8, !dbg !14
@pair = dso_local global %struct.pair zeroinitializer, align 8, !dbg !17
@__const.copies.local = private unnamed_addr constant %struct.node { ptr null, i32 3 }, align 8

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @walk(ptr noundef %0) #0 !dbg !39 {
  %2 = alloca ptr, align 8
  %3 = alloca i32, align 4
  store ptr %0, ptr %2, align 8
  call void @llvm.dbg.declare(metadata ptr %2, metadata !43, metadata !DIExpression()), !dbg !44
  call void @llvm.dbg.declare(metadata ptr %3, metadata !45, metadata !DIExpression()), !dbg !46
  store i32 0, ptr %3, align 4, !dbg !46
  br label %4, !dbg !47

4:                                                ; preds = %7, %1
  %5 = load ptr, ptr %2, align 8, !dbg !48
  %6 = icmp ne ptr %5, null, !dbg !49
  br i1 %6, label %7, label %16, !dbg !47

7:                                                ; preds = %4
  %8 = load ptr, ptr %2, align 8, !dbg !50
  %9 = getelementptr inbounds %struct.node, ptr %8, i32 0, i32 1, !dbg !52
  %10 = load i32, ptr %9, align 8, !dbg !52
  %11 = load i32, ptr %3, align 4, !dbg !53
  %12 = add nsw i32 %11, %10, !dbg !53
  store i32 %12, ptr %3, align 4, !dbg !53
  %13 = load ptr, ptr %2, align 8, !dbg !54
  %14 = getelementptr inbounds %struct.node, ptr %13, i32 0, i32 0, !dbg !55
  %15 = load ptr, ptr %14, align 8, !dbg !55
  store ptr %15, ptr %2, align 8, !dbg !56
  br label %4, !dbg !47, !llvm.loop !57

16:                                               ; preds = %4
  %17 = load i32, ptr %3, align 4, !dbg !60
  ret i32 %17, !dbg !61
}

; Function Attrs: nocallback nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.declare(metadata, metadata, metadata) #1

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @arrays(i32 noundef %0) #0 !dbg !62 {
  %2 = alloca i32, align 4
  %3 = alloca ptr, align 8
  store i32 %0, ptr %2, align 4
  call void @llvm.dbg.declare(metadata ptr %2, metadata !65, metadata !DIExpression()), !dbg !66
  call void @llvm.dbg.declare(metadata ptr %3, metadata !67, metadata !DIExpression()), !dbg !69
  store ptr getelementptr inbounds ([4 x i32], ptr @tab, i64 0, i64 1), ptr %3, align 8, !dbg !69
  %4 = load ptr, ptr %3, align 8, !dbg !70
  %5 = getelementptr inbounds i32, ptr %4, i64 1, !dbg !70
  store i32 5, ptr %5, align 4, !dbg !71
  %6 = load ptr, ptr %3, align 8, !dbg !72
  %7 = getelementptr inbounds i32, ptr %6, i64 2, !dbg !73
  %8 = load i32, ptr %7, align 4, !dbg !74
  %9 = load i32, ptr %2, align 4, !dbg !75
  %10 = sext i32 %9 to i64, !dbg !76
  %11 = getelementptr inbounds [4 x i32], ptr @tab, i64 0, i64 %10, !dbg !76
  store i32 %8, ptr %11, align 4, !dbg !77
  %12 = load i32, ptr getelementptr inbounds (%struct.pair, ptr @pair, i32 0, i32 1, i32 1), align 8, !dbg !78
  %13 = load i32, ptr %2, align 4, !dbg !79
  %14 = sext i32 %13 to i64, !dbg !80
  %15 = getelementptr inbounds [3 x i32], ptr getelementptr inbounds (%struct.pair, ptr @pair, i32 0, i32 2), i64 0, i64 %14, !dbg !80
  store i32 %12, ptr %15, align 4, !dbg !81
  ret void, !dbg !82
}

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @copies() #0 !dbg !83 {
  %1 = alloca %struct.node, align 8
  %2 = alloca %struct.node, align 8
  %3 = alloca %struct.pair, align 8
  call void @llvm.dbg.declare(metadata ptr %1, metadata !86, metadata !DIExpression()), !dbg !87
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %1, ptr align 8 @__const.copies.local, i64 16, i1 false), !dbg !87
  call void @llvm.dbg.declare(metadata ptr %2, metadata !88, metadata !DIExpression()), !dbg !89
  call void @llvm.memset.p0.i64(ptr align 8 %2, i8 0, i64 16, i1 false), !dbg !89
  call void @llvm.dbg.declare(metadata ptr %3, metadata !90, metadata !DIExpression()), !dbg !91
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %3, ptr align 8 @pair, i64 40, i1 false), !dbg !92
  %4 = load ptr, ptr @head, align 8, !dbg !93
  %5 = getelementptr inbounds %struct.node, ptr %1, i32 0, i32 0, !dbg !94
  store ptr %4, ptr %5, align 8, !dbg !95
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 getelementptr inbounds (%struct.pair, ptr @pair, i32 0, i32 1), ptr align 8 %1, i64 16, i1 false), !dbg !96
  %6 = getelementptr inbounds %struct.node, ptr %2, i32 0, i32 1, !dbg !97
  %7 = load i32, ptr %6, align 8, !dbg !97
  %8 = getelementptr inbounds %struct.pair, ptr %3, i32 0, i32 0, !dbg !98
  %9 = load i32, ptr %8, align 8, !dbg !98
  %10 = add nsw i32 %7, %9, !dbg !99
  store i32 %10, ptr @pair, align 8, !dbg !100
  ret void, !dbg !101
}

; Function Attrs: argmemonly nocallback nofree nounwind willreturn
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #2

; Function Attrs: argmemonly nocallback nofree nounwind willreturn writeonly
declare void @llvm.memset.p0.i64(ptr nocapture writeonly, i8, i64, i1 immarg) #3

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @heap() #0 !dbg !102 {
  %1 = alloca ptr, align 8
  %2 = alloca ptr, align 8
  call void @llvm.dbg.declare(metadata ptr %1, metadata !103, metadata !DIExpression()), !dbg !104
  %3 = call ptr @lsl_malloc(i64 noundef 16), !dbg !105
  store ptr %3, ptr %1, align 8, !dbg !104
  call void @llvm.dbg.declare(metadata ptr %2, metadata !106, metadata !DIExpression()), !dbg !107
  %4 = call ptr @lsl_malloc(i64 noundef 12), !dbg !108
  store ptr %4, ptr %2, align 8, !dbg !107
  %5 = load ptr, ptr %1, align 8, !dbg !109
  %6 = getelementptr inbounds %struct.node, ptr %5, i32 0, i32 1, !dbg !110
  store i32 1, ptr %6, align 8, !dbg !111
  %7 = load ptr, ptr @head, align 8, !dbg !112
  %8 = load ptr, ptr %1, align 8, !dbg !113
  %9 = getelementptr inbounds %struct.node, ptr %8, i32 0, i32 0, !dbg !114
  store ptr %7, ptr %9, align 8, !dbg !115
  %10 = load ptr, ptr %1, align 8, !dbg !116
  %11 = getelementptr inbounds %struct.node, ptr %10, i32 0, i32 1, !dbg !117
  %12 = load i32, ptr %11, align 8, !dbg !117
  %13 = load ptr, ptr %2, align 8, !dbg !118
  %14 = getelementptr inbounds i32, ptr %13, i64 2, !dbg !118
  store i32 %12, ptr %14, align 4, !dbg !119
  %15 = load ptr, ptr %1, align 8, !dbg !120
  store ptr %15, ptr @head, align 8, !dbg !121
  %16 = load ptr, ptr %2, align 8, !dbg !122
  call void @lsl_free(ptr noundef %16), !dbg !123
  ret void, !dbg !124
}

declare ptr @lsl_malloc(i64 noundef) #4

declare void @lsl_free(ptr noundef) #4

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind readnone speculatable willreturn }
attributes #2 = { argmemonly nocallback nofree nounwind willreturn }
attributes #3 = { argmemonly nocallback nofree nounwind willreturn writeonly }
attributes #4 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!31, !32, !33, !34, !35, !36, !37}
!llvm.ident = !{!38}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "tab", scope: !2, file: !3, line: 15, type: !28, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, producer: "Debian clang version 15.0.6", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !4, splitDebugInlining: false, nameTableKind: None)
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
!36 = !{i32 7, !"uwtable", i32 2}
!37 = !{i32 7, !"frame-pointer", i32 2}
!38 = !{!"Debian clang version 15.0.6"}
!39 = distinct !DISubprogram(name: "walk", scope: !3, file: !3, line: 20, type: !40, scopeLine: 21, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !42)
!40 = !DISubroutineType(types: !41)
!41 = !{!13, !16}
!42 = !{}
!43 = !DILocalVariable(name: "p", arg: 1, scope: !39, file: !3, line: 20, type: !16)
!44 = !DILocation(line: 20, column: 18, scope: !39)
!45 = !DILocalVariable(name: "s", scope: !39, file: !3, line: 22, type: !13)
!46 = !DILocation(line: 22, column: 9, scope: !39)
!47 = !DILocation(line: 23, column: 5, scope: !39)
!48 = !DILocation(line: 23, column: 12, scope: !39)
!49 = !DILocation(line: 23, column: 14, scope: !39)
!50 = !DILocation(line: 24, column: 14, scope: !51)
!51 = distinct !DILexicalBlock(scope: !39, file: !3, line: 23, column: 20)
!52 = !DILocation(line: 24, column: 17, scope: !51)
!53 = !DILocation(line: 24, column: 11, scope: !51)
!54 = !DILocation(line: 25, column: 13, scope: !51)
!55 = !DILocation(line: 25, column: 16, scope: !51)
!56 = !DILocation(line: 25, column: 11, scope: !51)
!57 = distinct !{!57, !47, !58, !59}
!58 = !DILocation(line: 26, column: 5, scope: !39)
!59 = !{!"llvm.loop.mustprogress"}
!60 = !DILocation(line: 27, column: 12, scope: !39)
!61 = !DILocation(line: 27, column: 5, scope: !39)
!62 = distinct !DISubprogram(name: "arrays", scope: !3, file: !3, line: 30, type: !63, scopeLine: 31, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !42)
!63 = !DISubroutineType(types: !64)
!64 = !{null, !13}
!65 = !DILocalVariable(name: "i", arg: 1, scope: !62, file: !3, line: 30, type: !13)
!66 = !DILocation(line: 30, column: 17, scope: !62)
!67 = !DILocalVariable(name: "p", scope: !62, file: !3, line: 32, type: !68)
!68 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !13, size: 64)
!69 = !DILocation(line: 32, column: 10, scope: !62)
!70 = !DILocation(line: 33, column: 5, scope: !62)
!71 = !DILocation(line: 33, column: 10, scope: !62)
!72 = !DILocation(line: 34, column: 16, scope: !62)
!73 = !DILocation(line: 34, column: 18, scope: !62)
!74 = !DILocation(line: 34, column: 14, scope: !62)
!75 = !DILocation(line: 34, column: 9, scope: !62)
!76 = !DILocation(line: 34, column: 5, scope: !62)
!77 = !DILocation(line: 34, column: 12, scope: !62)
!78 = !DILocation(line: 35, column: 26, scope: !62)
!79 = !DILocation(line: 35, column: 14, scope: !62)
!80 = !DILocation(line: 35, column: 5, scope: !62)
!81 = !DILocation(line: 35, column: 17, scope: !62)
!82 = !DILocation(line: 36, column: 1, scope: !62)
!83 = distinct !DISubprogram(name: "copies", scope: !3, file: !3, line: 38, type: !84, scopeLine: 39, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !42)
!84 = !DISubroutineType(types: !85)
!85 = !{null}
!86 = !DILocalVariable(name: "local", scope: !83, file: !3, line: 40, type: !7)
!87 = !DILocation(line: 40, column: 12, scope: !83)
!88 = !DILocalVariable(name: "zero", scope: !83, file: !3, line: 41, type: !7)
!89 = !DILocation(line: 41, column: 12, scope: !83)
!90 = !DILocalVariable(name: "copy", scope: !83, file: !3, line: 42, type: !19)
!91 = !DILocation(line: 42, column: 12, scope: !83)
!92 = !DILocation(line: 43, column: 12, scope: !83)
!93 = !DILocation(line: 44, column: 18, scope: !83)
!94 = !DILocation(line: 44, column: 11, scope: !83)
!95 = !DILocation(line: 44, column: 16, scope: !83)
!96 = !DILocation(line: 45, column: 14, scope: !83)
!97 = !DILocation(line: 46, column: 19, scope: !83)
!98 = !DILocation(line: 46, column: 32, scope: !83)
!99 = !DILocation(line: 46, column: 25, scope: !83)
!100 = !DILocation(line: 46, column: 12, scope: !83)
!101 = !DILocation(line: 47, column: 1, scope: !83)
!102 = distinct !DISubprogram(name: "heap", scope: !3, file: !3, line: 49, type: !84, scopeLine: 50, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !42)
!103 = !DILocalVariable(name: "n", scope: !102, file: !3, line: 51, type: !16)
!104 = !DILocation(line: 51, column: 13, scope: !102)
!105 = !DILocation(line: 51, column: 17, scope: !102)
!106 = !DILocalVariable(name: "buf", scope: !102, file: !3, line: 52, type: !68)
!107 = !DILocation(line: 52, column: 10, scope: !102)
!108 = !DILocation(line: 52, column: 16, scope: !102)
!109 = !DILocation(line: 53, column: 5, scope: !102)
!110 = !DILocation(line: 53, column: 8, scope: !102)
!111 = !DILocation(line: 53, column: 14, scope: !102)
!112 = !DILocation(line: 54, column: 15, scope: !102)
!113 = !DILocation(line: 54, column: 5, scope: !102)
!114 = !DILocation(line: 54, column: 8, scope: !102)
!115 = !DILocation(line: 54, column: 13, scope: !102)
!116 = !DILocation(line: 55, column: 14, scope: !102)
!117 = !DILocation(line: 55, column: 17, scope: !102)
!118 = !DILocation(line: 55, column: 5, scope: !102)
!119 = !DILocation(line: 55, column: 12, scope: !102)
!120 = !DILocation(line: 56, column: 12, scope: !102)
!121 = !DILocation(line: 56, column: 10, scope: !102)
!122 = !DILocation(line: 57, column: 14, scope: !102)
!123 = !DILocation(line: 57, column: 5, scope: !102)
!124 = !DILocation(line: 58, column: 1, scope: !102)
