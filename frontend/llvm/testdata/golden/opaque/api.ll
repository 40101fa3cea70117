; ModuleID = 'testdata/golden/api.c'
source_filename = "testdata/golden/api.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.item = type { i32, i32, ptr }

@top = dso_local global ptr null, align 8, !dbg !0
@.str = private unnamed_addr constant [12 x i8] c"store-store\00", align 1, !dbg !18
@.str.1 = private unnamed_addr constant [3 x i8] c"op\00", align 1, !dbg !24
@.str.2 = private unnamed_addr constant [2 x i8] c"k\00", align 1, !dbg !29
@biglock = dso_local global i32 0, align 4, !dbg !36
@.str.3 = private unnamed_addr constant [3 x i8] c"id\00", align 1, !dbg !34

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @push(i32 noundef %0) #0 !dbg !46 {
  %2 = alloca i32, align 4
  %3 = alloca ptr, align 8
  %4 = alloca ptr, align 8
  store i32 %0, ptr %2, align 4
    #dbg_declare(ptr %2, !50, !DIExpression(), !51)
    #dbg_declare(ptr %3, !52, !DIExpression(), !53)
  %5 = call ptr @lsl_malloc_noreuse(i64 noundef 16), !dbg !54
  store ptr %5, ptr %3, align 8, !dbg !53
  %6 = load i32, ptr %2, align 4, !dbg !55
  %7 = load ptr, ptr %3, align 8, !dbg !56
  %8 = getelementptr inbounds %struct.item, ptr %7, i32 0, i32 0, !dbg !57
  store i32 %6, ptr %8, align 8, !dbg !58
  %9 = load ptr, ptr %3, align 8, !dbg !59
  %10 = getelementptr inbounds %struct.item, ptr %9, i32 0, i32 1, !dbg !60
  call void @lsl_initlock(ptr noundef %10), !dbg !61
    #dbg_declare(ptr %4, !62, !DIExpression(), !63)
  br label %11, !dbg !64

11:                                               ; preds = %16, %1
  %12 = load ptr, ptr @top, align 8, !dbg !65
  store ptr %12, ptr %4, align 8, !dbg !67
  %13 = load ptr, ptr %4, align 8, !dbg !68
  %14 = load ptr, ptr %3, align 8, !dbg !69
  %15 = getelementptr inbounds %struct.item, ptr %14, i32 0, i32 2, !dbg !70
  store ptr %13, ptr %15, align 8, !dbg !71
  call void @lsl_fence(ptr noundef @.str), !dbg !72
  br label %16, !dbg !73

16:                                               ; preds = %11
  %17 = load ptr, ptr %4, align 8, !dbg !74
  %18 = load ptr, ptr %3, align 8, !dbg !75
  %19 = call i32 @lsl_cas_ptr(ptr noundef @top, ptr noundef %17, ptr noundef %18), !dbg !76
  %20 = icmp ne i32 %19, 0, !dbg !77
  %21 = xor i1 %20, true, !dbg !77
  br i1 %21, label %11, label %22, !dbg !73, !llvm.loop !78

22:                                               ; preds = %16
  ret void, !dbg !81
}

declare ptr @lsl_malloc_noreuse(i64 noundef) #1

declare void @lsl_initlock(ptr noundef) #1

declare void @lsl_fence(ptr noundef) #1

declare i32 @lsl_cas_ptr(ptr noundef, ptr noundef, ptr noundef) #1

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @op() #0 !dbg !82 {
  %1 = alloca i32, align 4
    #dbg_declare(ptr %1, !85, !DIExpression(), !86)
  %2 = call i32 @lsl_nondet(i32 noundef 0, i32 noundef 2), !dbg !87
  store i32 %2, ptr %1, align 4, !dbg !86
  call void @lsl_observe_label(ptr noundef @.str.1), !dbg !88
  %3 = load i32, ptr %1, align 4, !dbg !89
  call void @lsl_observe_input(ptr noundef @.str.2, i32 noundef %3), !dbg !90
  call void @lsl_lock(ptr noundef @biglock), !dbg !91
  %4 = call i32 (...) @lsl_choose(), !dbg !92
  %5 = icmp ne i32 %4, 0, !dbg !92
  br i1 %5, label %6, label %8, !dbg !94

6:                                                ; preds = %0
  %7 = load i32, ptr %1, align 4, !dbg !95
  call void @push(i32 noundef %7), !dbg !96
  br label %8, !dbg !96

8:                                                ; preds = %6, %0
  call void @lsl_unlock(ptr noundef @biglock), !dbg !97
  %9 = load i32, ptr %1, align 4, !dbg !98
  %10 = icmp ne i32 %9, 1, !dbg !99
  %11 = zext i1 %10 to i32, !dbg !99
  call void @lsl_assume(i32 noundef %11), !dbg !100
  %12 = load i32, ptr %1, align 4, !dbg !101
  %13 = icmp ne i32 %12, 3, !dbg !101
  call void @__lsl_c_assert(i1 noundef zeroext %13), !dbg !101
  %14 = call i32 (...) @lsl_get_thread_id(), !dbg !102
  %15 = call i32 (...) @lsl_get_number_threads(), !dbg !103
  %16 = add nsw i32 %14, %15, !dbg !104
  call void @lsl_observe_output(ptr noundef @.str.3, i32 noundef %16), !dbg !105
  ret void, !dbg !106
}

declare i32 @lsl_nondet(i32 noundef, i32 noundef) #1

declare void @lsl_observe_label(ptr noundef) #1

declare void @lsl_observe_input(ptr noundef, i32 noundef) #1

declare void @lsl_lock(ptr noundef) #1

declare i32 @lsl_choose(...) #1

declare void @lsl_unlock(ptr noundef) #1

declare void @lsl_assume(i32 noundef) #1

declare void @__lsl_c_assert(i1 noundef zeroext) #1

declare void @lsl_observe_output(ptr noundef, i32 noundef) #1

declare i32 @lsl_get_thread_id(...) #1

declare i32 @lsl_get_number_threads(...) #1

; Function Attrs: noinline nounwind optnone uwtable
define dso_local ptr @owner(ptr noundef %0) #0 !dbg !107 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8
    #dbg_declare(ptr %2, !111, !DIExpression(), !112)
  %3 = load ptr, ptr %2, align 8, !dbg !113
  %4 = call ptr @__lsl_get_struct_pointer(ptr noundef %3, i64 noundef 4), !dbg !113
  ret ptr %4, !dbg !114
}

declare ptr @__lsl_get_struct_pointer(ptr noundef, i64 noundef) #1

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!38, !39, !40, !41, !42, !43, !44}
!llvm.ident = !{!45}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "top", scope: !2, file: !3, line: 11, type: !5, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C11, file: !3, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !4, globals: !17, splitDebugInlining: false, nameTableKind: None)
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
!13 = !DIFile(filename: "../c/include/lsl_protos.h", directory: "/work/main/frontend/llvm", checksumkind: CSK_MD5, checksum: "71359d6d75fb036d63ba178c17f6cf3b")
!14 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!15 = !DIDerivedType(tag: DW_TAG_member, name: "next", scope: !7, file: !3, line: 8, baseType: !16, size: 64, offset: 64)
!16 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64)
!17 = !{!18, !24, !29, !34, !0, !36}
!18 = !DIGlobalVariableExpression(var: !19, expr: !DIExpression())
!19 = distinct !DIGlobalVariable(scope: null, file: !3, line: 23, type: !20, isLocal: true, isDefinition: true)
!20 = !DICompositeType(tag: DW_TAG_array_type, baseType: !21, size: 96, elements: !22)
!21 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!22 = !{!23}
!23 = !DISubrange(count: 12)
!24 = !DIGlobalVariableExpression(var: !25, expr: !DIExpression())
!25 = distinct !DIGlobalVariable(scope: null, file: !3, line: 30, type: !26, isLocal: true, isDefinition: true)
!26 = !DICompositeType(tag: DW_TAG_array_type, baseType: !21, size: 24, elements: !27)
!27 = !{!28}
!28 = !DISubrange(count: 3)
!29 = !DIGlobalVariableExpression(var: !30, expr: !DIExpression())
!30 = distinct !DIGlobalVariable(scope: null, file: !3, line: 31, type: !31, isLocal: true, isDefinition: true)
!31 = !DICompositeType(tag: DW_TAG_array_type, baseType: !21, size: 16, elements: !32)
!32 = !{!33}
!33 = !DISubrange(count: 2)
!34 = !DIGlobalVariableExpression(var: !35, expr: !DIExpression())
!35 = distinct !DIGlobalVariable(scope: null, file: !3, line: 38, type: !26, isLocal: true, isDefinition: true)
!36 = !DIGlobalVariableExpression(var: !37, expr: !DIExpression())
!37 = distinct !DIGlobalVariable(name: "biglock", scope: !2, file: !3, line: 12, type: !12, isLocal: false, isDefinition: true)
!38 = !{i32 7, !"Dwarf Version", i32 5}
!39 = !{i32 2, !"Debug Info Version", i32 3}
!40 = !{i32 1, !"wchar_size", i32 4}
!41 = !{i32 8, !"PIC Level", i32 2}
!42 = !{i32 7, !"PIE Level", i32 2}
!43 = !{i32 7, !"uwtable", i32 2}
!44 = !{i32 7, !"frame-pointer", i32 2}
!45 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!46 = distinct !DISubprogram(name: "push", scope: !3, file: !3, line: 14, type: !47, scopeLine: 15, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !49)
!47 = !DISubroutineType(types: !48)
!48 = !{null, !10}
!49 = !{}
!50 = !DILocalVariable(name: "key", arg: 1, scope: !46, file: !3, line: 14, type: !10)
!51 = !DILocation(line: 14, column: 15, scope: !46)
!52 = !DILocalVariable(name: "it", scope: !46, file: !3, line: 16, type: !5)
!53 = !DILocation(line: 16, column: 13, scope: !46)
!54 = !DILocation(line: 16, column: 18, scope: !46)
!55 = !DILocation(line: 17, column: 15, scope: !46)
!56 = !DILocation(line: 17, column: 5, scope: !46)
!57 = !DILocation(line: 17, column: 9, scope: !46)
!58 = !DILocation(line: 17, column: 13, scope: !46)
!59 = !DILocation(line: 18, column: 19, scope: !46)
!60 = !DILocation(line: 18, column: 23, scope: !46)
!61 = !DILocation(line: 18, column: 5, scope: !46)
!62 = !DILocalVariable(name: "t", scope: !46, file: !3, line: 19, type: !5)
!63 = !DILocation(line: 19, column: 13, scope: !46)
!64 = !DILocation(line: 20, column: 5, scope: !46)
!65 = !DILocation(line: 21, column: 13, scope: !66)
!66 = distinct !DILexicalBlock(scope: !46, file: !3, line: 20, column: 8)
!67 = !DILocation(line: 21, column: 11, scope: !66)
!68 = !DILocation(line: 22, column: 20, scope: !66)
!69 = !DILocation(line: 22, column: 9, scope: !66)
!70 = !DILocation(line: 22, column: 13, scope: !66)
!71 = !DILocation(line: 22, column: 18, scope: !66)
!72 = !DILocation(line: 23, column: 9, scope: !66)
!73 = !DILocation(line: 24, column: 5, scope: !66)
!74 = !DILocation(line: 24, column: 33, scope: !46)
!75 = !DILocation(line: 24, column: 36, scope: !46)
!76 = !DILocation(line: 24, column: 15, scope: !46)
!77 = !DILocation(line: 24, column: 14, scope: !46)
!78 = distinct !{!78, !64, !79, !80}
!79 = !DILocation(line: 24, column: 39, scope: !46)
!80 = !{!"llvm.loop.mustprogress"}
!81 = !DILocation(line: 25, column: 1, scope: !46)
!82 = distinct !DISubprogram(name: "op", scope: !3, file: !3, line: 27, type: !83, scopeLine: 28, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !49)
!83 = !DISubroutineType(types: !84)
!84 = !{null}
!85 = !DILocalVariable(name: "k", scope: !82, file: !3, line: 29, type: !10)
!86 = !DILocation(line: 29, column: 9, scope: !82)
!87 = !DILocation(line: 29, column: 13, scope: !82)
!88 = !DILocation(line: 30, column: 5, scope: !82)
!89 = !DILocation(line: 31, column: 28, scope: !82)
!90 = !DILocation(line: 31, column: 5, scope: !82)
!91 = !DILocation(line: 32, column: 5, scope: !82)
!92 = !DILocation(line: 33, column: 9, scope: !93)
!93 = distinct !DILexicalBlock(scope: !82, file: !3, line: 33, column: 9)
!94 = !DILocation(line: 33, column: 9, scope: !82)
!95 = !DILocation(line: 34, column: 14, scope: !93)
!96 = !DILocation(line: 34, column: 9, scope: !93)
!97 = !DILocation(line: 35, column: 5, scope: !82)
!98 = !DILocation(line: 36, column: 16, scope: !82)
!99 = !DILocation(line: 36, column: 18, scope: !82)
!100 = !DILocation(line: 36, column: 5, scope: !82)
!101 = !DILocation(line: 37, column: 5, scope: !82)
!102 = !DILocation(line: 38, column: 30, scope: !82)
!103 = !DILocation(line: 38, column: 52, scope: !82)
!104 = !DILocation(line: 38, column: 50, scope: !82)
!105 = !DILocation(line: 38, column: 5, scope: !82)
!106 = !DILocation(line: 39, column: 1, scope: !82)
!107 = distinct !DISubprogram(name: "owner", scope: !3, file: !3, line: 41, type: !108, scopeLine: 42, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !49)
!108 = !DISubroutineType(types: !109)
!109 = !{!5, !110}
!110 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64)
!111 = !DILocalVariable(name: "l", arg: 1, scope: !107, file: !3, line: 41, type: !110)
!112 = !DILocation(line: 41, column: 27, scope: !107)
!113 = !DILocation(line: 43, column: 12, scope: !107)
!114 = !DILocation(line: 43, column: 5, scope: !107)
