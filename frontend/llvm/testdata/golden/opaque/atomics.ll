; ModuleID = 'testdata/golden/atomics.c'
source_filename = "testdata/golden/atomics.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@x = dso_local global i32 0, align 4, !dbg !0
@v = dso_local global i32 0, align 4, !dbg !21
@p = dso_local global ptr null, align 8, !dbg !16

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @loads_and_stores() #0 !dbg !33 {
  %1 = alloca i32, align 4
  %2 = alloca i32, align 4
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = alloca i32, align 4
    #dbg_declare(ptr %1, !37, !DIExpression(), !38)
  %10 = load atomic i32, ptr @x monotonic, align 4, !dbg !39
  store i32 %10, ptr %2, align 4, !dbg !39
  %11 = load i32, ptr %2, align 4, !dbg !39
  store i32 %11, ptr %1, align 4, !dbg !38
    #dbg_declare(ptr %3, !40, !DIExpression(), !41)
  %12 = load atomic i32, ptr @x acquire, align 4, !dbg !42
  store i32 %12, ptr %4, align 4, !dbg !42
  %13 = load i32, ptr %4, align 4, !dbg !42
  store i32 %13, ptr %3, align 4, !dbg !41
    #dbg_declare(ptr %5, !43, !DIExpression(), !44)
  %14 = load atomic i32, ptr @x seq_cst, align 4, !dbg !45
  store i32 %14, ptr %6, align 4, !dbg !45
  %15 = load i32, ptr %6, align 4, !dbg !45
  store i32 %15, ptr %5, align 4, !dbg !44
  %16 = load i32, ptr %1, align 4, !dbg !46
  store i32 %16, ptr %7, align 4, !dbg !47
  %17 = load i32, ptr %7, align 4, !dbg !47
  store atomic i32 %17, ptr @x monotonic, align 4, !dbg !47
  %18 = load i32, ptr %3, align 4, !dbg !48
  store i32 %18, ptr %8, align 4, !dbg !49
  %19 = load i32, ptr %8, align 4, !dbg !49
  store atomic i32 %19, ptr @x release, align 4, !dbg !49
  %20 = load i32, ptr %5, align 4, !dbg !50
  store i32 %20, ptr %9, align 4, !dbg !50
  %21 = load i32, ptr %9, align 4, !dbg !50
  store atomic i32 %21, ptr @x seq_cst, align 4, !dbg !50
  ret void, !dbg !51
}

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @rmw() #0 !dbg !52 {
  %1 = alloca i32, align 4
  %2 = alloca i32, align 4
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = alloca i32, align 4
  store i32 2, ptr %1, align 4, !dbg !53
  %10 = load i32, ptr %1, align 4, !dbg !53
  %11 = atomicrmw add ptr @x, i32 %10 monotonic, align 4, !dbg !53
  store i32 %11, ptr %2, align 4, !dbg !53
  %12 = load i32, ptr %2, align 4, !dbg !53
  store i32 1, ptr %3, align 4, !dbg !54
  %13 = load i32, ptr %3, align 4, !dbg !54
  %14 = atomicrmw sub ptr @x, i32 %13 acq_rel, align 4, !dbg !54
  store i32 %14, ptr %4, align 4, !dbg !54
  %15 = load i32, ptr %4, align 4, !dbg !54
  store i32 5, ptr %5, align 4, !dbg !55
  %16 = load i32, ptr %5, align 4, !dbg !55
  %17 = atomicrmw xchg ptr @x, i32 %16 seq_cst, align 4, !dbg !55
  store i32 %17, ptr %6, align 4, !dbg !55
  %18 = load i32, ptr %6, align 4, !dbg !55
    #dbg_declare(ptr %7, !56, !DIExpression(), !57)
  store i32 8, ptr %8, align 4, !dbg !58
  %19 = load i32, ptr %8, align 4, !dbg !58
  %20 = atomicrmw or ptr @x, i32 %19 release, align 4, !dbg !58
  store i32 %20, ptr %9, align 4, !dbg !58
  %21 = load i32, ptr %9, align 4, !dbg !58
  store i32 %21, ptr %7, align 4, !dbg !57
  %22 = load i32, ptr %7, align 4, !dbg !59
  store i32 %22, ptr @v, align 4, !dbg !60
  ret void, !dbg !61
}

; Function Attrs: noinline nounwind optnone uwtable
define dso_local zeroext i1 @cas(i32 noundef %0) #0 !dbg !62 {
  %2 = alloca i32, align 4
  %3 = alloca i8, align 1
  %4 = alloca i32, align 4
  %5 = alloca i8, align 1
  store i32 %0, ptr %2, align 4
    #dbg_declare(ptr %2, !66, !DIExpression(), !67)
    #dbg_declare(ptr %3, !68, !DIExpression(), !69)
  store i32 7, ptr %4, align 4, !dbg !70
  %6 = load i32, ptr %2, align 4, !dbg !70
  %7 = load i32, ptr %4, align 4, !dbg !70
  %8 = cmpxchg ptr @x, i32 %6, i32 %7 acq_rel acquire, align 4, !dbg !70
  %9 = extractvalue { i32, i1 } %8, 0, !dbg !70
  %10 = extractvalue { i32, i1 } %8, 1, !dbg !70
  br i1 %10, label %12, label %11, !dbg !70

11:                                               ; preds = %1
  store i32 %9, ptr %2, align 4, !dbg !70
  br label %12, !dbg !70

12:                                               ; preds = %11, %1
  %13 = zext i1 %10 to i8, !dbg !70
  store i8 %13, ptr %5, align 1, !dbg !70
  %14 = load i8, ptr %5, align 1, !dbg !70
  %15 = trunc i8 %14 to i1, !dbg !70
  %16 = zext i1 %15 to i8, !dbg !69
  store i8 %16, ptr %3, align 1, !dbg !69
  %17 = load i32, ptr %2, align 4, !dbg !71
  store i32 %17, ptr @v, align 4, !dbg !72
  %18 = load i8, ptr %3, align 1, !dbg !73
  %19 = trunc i8 %18 to i1, !dbg !73
  ret i1 %19, !dbg !74
}

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @pointers() #0 !dbg !75 {
  %1 = alloca ptr, align 8
  %2 = alloca ptr, align 8
  %3 = alloca ptr, align 8
  store ptr @v, ptr %1, align 8, !dbg !76
  %4 = load i64, ptr %1, align 8, !dbg !76
  store atomic i64 %4, ptr @p release, align 8, !dbg !76
    #dbg_declare(ptr %2, !77, !DIExpression(), !78)
  %5 = load atomic i64, ptr @p acquire, align 8, !dbg !79
  store i64 %5, ptr %3, align 8, !dbg !79
  %6 = load ptr, ptr %3, align 8, !dbg !79
  store ptr %6, ptr %2, align 8, !dbg !78
  %7 = load ptr, ptr %2, align 8, !dbg !80
  store i32 1, ptr %7, align 4, !dbg !81
  ret void, !dbg !82
}

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @fences() #0 !dbg !83 {
  fence acquire, !dbg !84
  fence release, !dbg !85
  fence acq_rel, !dbg !86
  fence seq_cst, !dbg !87
  fence syncscope("singlethread") seq_cst, !dbg !88
  ret void, !dbg !89
}

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!25, !26, !27, !28, !29, !30, !31}
!llvm.ident = !{!32}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "x", scope: !2, file: !3, line: 5, type: !23, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C11, file: !3, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, enums: !4, globals: !15, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "testdata/golden/atomics.c", directory: "/work/main/frontend/llvm", checksumkind: CSK_MD5, checksum: "51ff08d4d9219ac6fb45c1f9245a84d1")
!4 = !{!5}
!5 = !DICompositeType(tag: DW_TAG_enumeration_type, name: "memory_order", file: !6, line: 68, baseType: !7, size: 32, elements: !8)
!6 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/stdatomic.h", directory: "", checksumkind: CSK_MD5, checksum: "f17199a988fe91afffaf0f943ef87096")
!7 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!8 = !{!9, !10, !11, !12, !13, !14}
!9 = !DIEnumerator(name: "memory_order_relaxed", value: 0)
!10 = !DIEnumerator(name: "memory_order_consume", value: 1)
!11 = !DIEnumerator(name: "memory_order_acquire", value: 2)
!12 = !DIEnumerator(name: "memory_order_release", value: 3)
!13 = !DIEnumerator(name: "memory_order_acq_rel", value: 4)
!14 = !DIEnumerator(name: "memory_order_seq_cst", value: 5)
!15 = !{!0, !16, !21}
!16 = !DIGlobalVariableExpression(var: !17, expr: !DIExpression())
!17 = distinct !DIGlobalVariable(name: "p", scope: !2, file: !3, line: 6, type: !18, isLocal: false, isDefinition: true)
!18 = !DIDerivedType(tag: DW_TAG_atomic_type, baseType: !19)
!19 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !20, size: 64)
!20 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!21 = !DIGlobalVariableExpression(var: !22, expr: !DIExpression())
!22 = distinct !DIGlobalVariable(name: "v", scope: !2, file: !3, line: 7, type: !20, isLocal: false, isDefinition: true)
!23 = !DIDerivedType(tag: DW_TAG_typedef, name: "atomic_int", file: !6, line: 104, baseType: !24)
!24 = !DIDerivedType(tag: DW_TAG_atomic_type, baseType: !20)
!25 = !{i32 7, !"Dwarf Version", i32 5}
!26 = !{i32 2, !"Debug Info Version", i32 3}
!27 = !{i32 1, !"wchar_size", i32 4}
!28 = !{i32 8, !"PIC Level", i32 2}
!29 = !{i32 7, !"PIE Level", i32 2}
!30 = !{i32 7, !"uwtable", i32 2}
!31 = !{i32 7, !"frame-pointer", i32 2}
!32 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!33 = distinct !DISubprogram(name: "loads_and_stores", scope: !3, file: !3, line: 9, type: !34, scopeLine: 10, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !36)
!34 = !DISubroutineType(types: !35)
!35 = !{null}
!36 = !{}
!37 = !DILocalVariable(name: "a", scope: !33, file: !3, line: 11, type: !20)
!38 = !DILocation(line: 11, column: 9, scope: !33)
!39 = !DILocation(line: 11, column: 13, scope: !33)
!40 = !DILocalVariable(name: "b", scope: !33, file: !3, line: 12, type: !20)
!41 = !DILocation(line: 12, column: 9, scope: !33)
!42 = !DILocation(line: 12, column: 13, scope: !33)
!43 = !DILocalVariable(name: "c", scope: !33, file: !3, line: 13, type: !20)
!44 = !DILocation(line: 13, column: 9, scope: !33)
!45 = !DILocation(line: 13, column: 13, scope: !33)
!46 = !DILocation(line: 14, column: 31, scope: !33)
!47 = !DILocation(line: 14, column: 5, scope: !33)
!48 = !DILocation(line: 15, column: 31, scope: !33)
!49 = !DILocation(line: 15, column: 5, scope: !33)
!50 = !DILocation(line: 16, column: 5, scope: !33)
!51 = !DILocation(line: 17, column: 1, scope: !33)
!52 = distinct !DISubprogram(name: "rmw", scope: !3, file: !3, line: 19, type: !34, scopeLine: 20, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !36)
!53 = !DILocation(line: 21, column: 5, scope: !52)
!54 = !DILocation(line: 22, column: 5, scope: !52)
!55 = !DILocation(line: 23, column: 5, scope: !52)
!56 = !DILocalVariable(name: "old", scope: !52, file: !3, line: 24, type: !20)
!57 = !DILocation(line: 24, column: 9, scope: !52)
!58 = !DILocation(line: 24, column: 15, scope: !52)
!59 = !DILocation(line: 25, column: 9, scope: !52)
!60 = !DILocation(line: 25, column: 7, scope: !52)
!61 = !DILocation(line: 26, column: 1, scope: !52)
!62 = distinct !DISubprogram(name: "cas", scope: !3, file: !3, line: 28, type: !63, scopeLine: 29, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !36)
!63 = !DISubroutineType(types: !64)
!64 = !{!65, !20}
!65 = !DIBasicType(name: "_Bool", size: 8, encoding: DW_ATE_boolean)
!66 = !DILocalVariable(name: "expected", arg: 1, scope: !62, file: !3, line: 28, type: !20)
!67 = !DILocation(line: 28, column: 14, scope: !62)
!68 = !DILocalVariable(name: "ok", scope: !62, file: !3, line: 30, type: !65)
!69 = !DILocation(line: 30, column: 10, scope: !62)
!70 = !DILocation(line: 30, column: 15, scope: !62)
!71 = !DILocation(line: 32, column: 9, scope: !62)
!72 = !DILocation(line: 32, column: 7, scope: !62)
!73 = !DILocation(line: 33, column: 12, scope: !62)
!74 = !DILocation(line: 33, column: 5, scope: !62)
!75 = distinct !DISubprogram(name: "pointers", scope: !3, file: !3, line: 36, type: !34, scopeLine: 37, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !36)
!76 = !DILocation(line: 38, column: 5, scope: !75)
!77 = !DILocalVariable(name: "q", scope: !75, file: !3, line: 39, type: !19)
!78 = !DILocation(line: 39, column: 10, scope: !75)
!79 = !DILocation(line: 39, column: 14, scope: !75)
!80 = !DILocation(line: 40, column: 6, scope: !75)
!81 = !DILocation(line: 40, column: 8, scope: !75)
!82 = !DILocation(line: 41, column: 1, scope: !75)
!83 = distinct !DISubprogram(name: "fences", scope: !3, file: !3, line: 43, type: !34, scopeLine: 44, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2)
!84 = !DILocation(line: 45, column: 5, scope: !83)
!85 = !DILocation(line: 46, column: 5, scope: !83)
!86 = !DILocation(line: 47, column: 5, scope: !83)
!87 = !DILocation(line: 48, column: 5, scope: !83)
!88 = !DILocation(line: 49, column: 5, scope: !83)
!89 = !DILocation(line: 50, column: 1, scope: !83)
