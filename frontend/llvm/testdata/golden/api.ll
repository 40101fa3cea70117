; ModuleID = 'testdata/golden/api.c'
source_filename = "testdata/golden/api.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.item = type { i32, i32, %struct.item* }

@top = dso_local global %struct.item* null, align 8, !dbg !0
@.str = private unnamed_addr constant [12 x i8] c"store-store\00", align 1
@.str.1 = private unnamed_addr constant [3 x i8] c"op\00", align 1
@.str.2 = private unnamed_addr constant [2 x i8] c"k\00", align 1
@biglock = dso_local global i32 0, align 4, !dbg !18
@.str.3 = private unnamed_addr constant [3 x i8] c"id\00", align 1

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @push(i32 noundef %0) #0 !dbg !28 {
  %2 = alloca i32, align 4
  %3 = alloca %struct.item*, align 8
  %4 = alloca %struct.item*, align 8
  store i32 %0, i32* %2, align 4
  call void @llvm.dbg.declare(metadata i32* %2, metadata !32, metadata !DIExpression()), !dbg !33
  call void @llvm.dbg.declare(metadata %struct.item** %3, metadata !34, metadata !DIExpression()), !dbg !35
  %5 = call i8* @lsl_malloc_noreuse(i64 noundef 16), !dbg !36
  %6 = bitcast i8* %5 to %struct.item*, !dbg !36
  store %struct.item* %6, %struct.item** %3, align 8, !dbg !35
  %7 = load i32, i32* %2, align 4, !dbg !37
  %8 = load %struct.item*, %struct.item** %3, align 8, !dbg !38
  %9 = getelementptr inbounds %struct.item, %struct.item* %8, i32 0, i32 0, !dbg !39
  store i32 %7, i32* %9, align 8, !dbg !40
  %10 = load %struct.item*, %struct.item** %3, align 8, !dbg !41
  %11 = getelementptr inbounds %struct.item, %struct.item* %10, i32 0, i32 1, !dbg !42
  call void @lsl_initlock(i32* noundef %11), !dbg !43
  call void @llvm.dbg.declare(metadata %struct.item** %4, metadata !44, metadata !DIExpression()), !dbg !45
  br label %12, !dbg !46

12:                                               ; preds = %17, %1
  %13 = load %struct.item*, %struct.item** @top, align 8, !dbg !47
  store %struct.item* %13, %struct.item** %4, align 8, !dbg !49
  %14 = load %struct.item*, %struct.item** %4, align 8, !dbg !50
  %15 = load %struct.item*, %struct.item** %3, align 8, !dbg !51
  %16 = getelementptr inbounds %struct.item, %struct.item* %15, i32 0, i32 2, !dbg !52
  store %struct.item* %14, %struct.item** %16, align 8, !dbg !53
  call void @lsl_fence(i8* noundef getelementptr inbounds ([12 x i8], [12 x i8]* @.str, i64 0, i64 0)), !dbg !54
  br label %17, !dbg !55

17:                                               ; preds = %12
  %18 = load %struct.item*, %struct.item** %4, align 8, !dbg !56
  %19 = bitcast %struct.item* %18 to i8*, !dbg !56
  %20 = load %struct.item*, %struct.item** %3, align 8, !dbg !57
  %21 = bitcast %struct.item* %20 to i8*, !dbg !57
  %22 = call i32 @lsl_cas_ptr(i8* noundef bitcast (%struct.item** @top to i8*), i8* noundef %19, i8* noundef %21), !dbg !58
  %23 = icmp ne i32 %22, 0, !dbg !59
  %24 = xor i1 %23, true, !dbg !59
  br i1 %24, label %12, label %25, !dbg !55, !llvm.loop !60

25:                                               ; preds = %17
  ret void, !dbg !63
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.declare(metadata, metadata, metadata) #1

declare i8* @lsl_malloc_noreuse(i64 noundef) #2

declare void @lsl_initlock(i32* noundef) #2

declare void @lsl_fence(i8* noundef) #2

declare i32 @lsl_cas_ptr(i8* noundef, i8* noundef, i8* noundef) #2

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @op() #0 !dbg !64 {
  %1 = alloca i32, align 4
  call void @llvm.dbg.declare(metadata i32* %1, metadata !67, metadata !DIExpression()), !dbg !68
  %2 = call i32 @lsl_nondet(i32 noundef 0, i32 noundef 2), !dbg !69
  store i32 %2, i32* %1, align 4, !dbg !68
  call void @lsl_observe_label(i8* noundef getelementptr inbounds ([3 x i8], [3 x i8]* @.str.1, i64 0, i64 0)), !dbg !70
  %3 = load i32, i32* %1, align 4, !dbg !71
  call void @lsl_observe_input(i8* noundef getelementptr inbounds ([2 x i8], [2 x i8]* @.str.2, i64 0, i64 0), i32 noundef %3), !dbg !72
  call void @lsl_lock(i32* noundef @biglock), !dbg !73
  %4 = call i32 (...) @lsl_choose(), !dbg !74
  %5 = icmp ne i32 %4, 0, !dbg !74
  br i1 %5, label %6, label %8, !dbg !76

6:                                                ; preds = %0
  %7 = load i32, i32* %1, align 4, !dbg !77
  call void @push(i32 noundef %7), !dbg !78
  br label %8, !dbg !78

8:                                                ; preds = %6, %0
  call void @lsl_unlock(i32* noundef @biglock), !dbg !79
  %9 = load i32, i32* %1, align 4, !dbg !80
  %10 = icmp ne i32 %9, 1, !dbg !81
  %11 = zext i1 %10 to i32, !dbg !81
  call void @lsl_assume(i32 noundef %11), !dbg !82
  %12 = load i32, i32* %1, align 4, !dbg !83
  %13 = icmp ne i32 %12, 3, !dbg !83
  call void @__lsl_c_assert(i1 noundef zeroext %13), !dbg !83
  %14 = call i32 (...) @lsl_get_thread_id(), !dbg !84
  %15 = call i32 (...) @lsl_get_number_threads(), !dbg !85
  %16 = add nsw i32 %14, %15, !dbg !86
  call void @lsl_observe_output(i8* noundef getelementptr inbounds ([3 x i8], [3 x i8]* @.str.3, i64 0, i64 0), i32 noundef %16), !dbg !87
  ret void, !dbg !88
}

declare i32 @lsl_nondet(i32 noundef, i32 noundef) #2

declare void @lsl_observe_label(i8* noundef) #2

declare void @lsl_observe_input(i8* noundef, i32 noundef) #2

declare void @lsl_lock(i32* noundef) #2

declare i32 @lsl_choose(...) #2

declare void @lsl_unlock(i32* noundef) #2

declare void @lsl_assume(i32 noundef) #2

declare void @__lsl_c_assert(i1 noundef zeroext) #2

declare void @lsl_observe_output(i8* noundef, i32 noundef) #2

declare i32 @lsl_get_thread_id(...) #2

declare i32 @lsl_get_number_threads(...) #2

; Function Attrs: noinline nounwind optnone uwtable
define dso_local %struct.item* @owner(i32* noundef %0) #0 !dbg !89 {
  %2 = alloca i32*, align 8
  store i32* %0, i32** %2, align 8
  call void @llvm.dbg.declare(metadata i32** %2, metadata !93, metadata !DIExpression()), !dbg !94
  %3 = load i32*, i32** %2, align 8, !dbg !95
  %4 = bitcast i32* %3 to i8*, !dbg !95
  %5 = call i8* @__lsl_get_struct_pointer(i8* noundef %4, i64 noundef 4), !dbg !95
  %6 = bitcast i8* %5 to %struct.item*, !dbg !95
  ret %struct.item* %6, !dbg !96
}

declare i8* @__lsl_get_struct_pointer(i8* noundef, i64 noundef) #2

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #2 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!20, !21, !22, !23, !24, !25, !26}
!llvm.ident = !{!27}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "top", scope: !2, file: !3, line: 11, type: !5, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, producer: "Debian clang version 14.0.6", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !4, globals: !17, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "testdata/golden/api.c", directory: "/work/main/frontend/llvm", checksumkind: CSK_MD5, checksum: "83017f0164b547958d856b98284be38c")
!4 = !{!5}
!5 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !6, size: 64)
!6 = !DIDerivedType(tag: DW_TAG_typedef, name: "item_t", file: !3, line: 9, baseType: !7)
!7 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "item", file: !3, line: 5, size: 128, elements: !8)
!8 = !{!9, !11, !15}
!9 = !DIDerivedType(tag: DW_TAG_member, name: "key", scope: !7, file: !3, line: 6, baseType: !10, size: 32)
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!11 = !DIDerivedType(tag: DW_TAG_member, name: "lock", scope: !7, file: !3, line: 7, baseType: !12, size: 32, offset: 32)
!12 = !DIDerivedType(tag: DW_TAG_typedef, name: "lsl_lock_t", file: !13, line: 26, baseType: !14)
!13 = !DIFile(filename: "include/c/lsl_protos.h", directory: "/work/main/frontend/llvm", checksumkind: CSK_MD5, checksum: "71359d6d75fb036d63ba178c17f6cf3b")
!14 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!15 = !DIDerivedType(tag: DW_TAG_member, name: "next", scope: !7, file: !3, line: 8, baseType: !16, size: 64, offset: 64)
!16 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64)
!17 = !{!0, !18}
!18 = !DIGlobalVariableExpression(var: !19, expr: !DIExpression())
!19 = distinct !DIGlobalVariable(name: "biglock", scope: !2, file: !3, line: 12, type: !12, isLocal: false, isDefinition: true)
!20 = !{i32 7, !"Dwarf Version", i32 5}
!21 = !{i32 2, !"Debug Info Version", i32 3}
!22 = !{i32 1, !"wchar_size", i32 4}
!23 = !{i32 7, !"PIC Level", i32 2}
!24 = !{i32 7, !"PIE Level", i32 2}
!25 = !{i32 7, !"uwtable", i32 1}
!26 = !{i32 7, !"frame-pointer", i32 2}
!27 = !{!"Debian clang version 14.0.6"}
!28 = distinct !DISubprogram(name: "push", scope: !3, file: !3, line: 14, type: !29, scopeLine: 15, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !31)
!29 = !DISubroutineType(types: !30)
!30 = !{null, !10}
!31 = !{}
!32 = !DILocalVariable(name: "key", arg: 1, scope: !28, file: !3, line: 14, type: !10)
!33 = !DILocation(line: 14, column: 15, scope: !28)
!34 = !DILocalVariable(name: "it", scope: !28, file: !3, line: 16, type: !5)
!35 = !DILocation(line: 16, column: 13, scope: !28)
!36 = !DILocation(line: 16, column: 18, scope: !28)
!37 = !DILocation(line: 17, column: 15, scope: !28)
!38 = !DILocation(line: 17, column: 5, scope: !28)
!39 = !DILocation(line: 17, column: 9, scope: !28)
!40 = !DILocation(line: 17, column: 13, scope: !28)
!41 = !DILocation(line: 18, column: 19, scope: !28)
!42 = !DILocation(line: 18, column: 23, scope: !28)
!43 = !DILocation(line: 18, column: 5, scope: !28)
!44 = !DILocalVariable(name: "t", scope: !28, file: !3, line: 19, type: !5)
!45 = !DILocation(line: 19, column: 13, scope: !28)
!46 = !DILocation(line: 20, column: 5, scope: !28)
!47 = !DILocation(line: 21, column: 13, scope: !48)
!48 = distinct !DILexicalBlock(scope: !28, file: !3, line: 20, column: 8)
!49 = !DILocation(line: 21, column: 11, scope: !48)
!50 = !DILocation(line: 22, column: 20, scope: !48)
!51 = !DILocation(line: 22, column: 9, scope: !48)
!52 = !DILocation(line: 22, column: 13, scope: !48)
!53 = !DILocation(line: 22, column: 18, scope: !48)
!54 = !DILocation(line: 23, column: 9, scope: !48)
!55 = !DILocation(line: 24, column: 5, scope: !48)
!56 = !DILocation(line: 24, column: 33, scope: !28)
!57 = !DILocation(line: 24, column: 36, scope: !28)
!58 = !DILocation(line: 24, column: 15, scope: !28)
!59 = !DILocation(line: 24, column: 14, scope: !28)
!60 = distinct !{!60, !46, !61, !62}
!61 = !DILocation(line: 24, column: 39, scope: !28)
!62 = !{!"llvm.loop.mustprogress"}
!63 = !DILocation(line: 25, column: 1, scope: !28)
!64 = distinct !DISubprogram(name: "op", scope: !3, file: !3, line: 27, type: !65, scopeLine: 28, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !31)
!65 = !DISubroutineType(types: !66)
!66 = !{null}
!67 = !DILocalVariable(name: "k", scope: !64, file: !3, line: 29, type: !10)
!68 = !DILocation(line: 29, column: 9, scope: !64)
!69 = !DILocation(line: 29, column: 13, scope: !64)
!70 = !DILocation(line: 30, column: 5, scope: !64)
!71 = !DILocation(line: 31, column: 28, scope: !64)
!72 = !DILocation(line: 31, column: 5, scope: !64)
!73 = !DILocation(line: 32, column: 5, scope: !64)
!74 = !DILocation(line: 33, column: 9, scope: !75)
!75 = distinct !DILexicalBlock(scope: !64, file: !3, line: 33, column: 9)
!76 = !DILocation(line: 33, column: 9, scope: !64)
!77 = !DILocation(line: 34, column: 14, scope: !75)
!78 = !DILocation(line: 34, column: 9, scope: !75)
!79 = !DILocation(line: 35, column: 5, scope: !64)
!80 = !DILocation(line: 36, column: 16, scope: !64)
!81 = !DILocation(line: 36, column: 18, scope: !64)
!82 = !DILocation(line: 36, column: 5, scope: !64)
!83 = !DILocation(line: 37, column: 5, scope: !64)
!84 = !DILocation(line: 38, column: 30, scope: !64)
!85 = !DILocation(line: 38, column: 52, scope: !64)
!86 = !DILocation(line: 38, column: 50, scope: !64)
!87 = !DILocation(line: 38, column: 5, scope: !64)
!88 = !DILocation(line: 39, column: 1, scope: !64)
!89 = distinct !DISubprogram(name: "owner", scope: !3, file: !3, line: 41, type: !90, scopeLine: 42, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !31)
!90 = !DISubroutineType(types: !91)
!91 = !{!5, !92}
!92 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64)
!93 = !DILocalVariable(name: "l", arg: 1, scope: !89, file: !3, line: 41, type: !92)
!94 = !DILocation(line: 41, column: 27, scope: !89)
!95 = !DILocation(line: 43, column: 12, scope: !89)
!96 = !DILocation(line: 43, column: 5, scope: !89)
