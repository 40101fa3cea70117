; ModuleID = 'testdata/golden/pthread_sync.c'
source_filename = "testdata/golden/pthread_sync.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.pthread_barrier_t = type { i32, i32 }

@lock = dso_local global i32 0, align 4, !dbg !0
@once = dso_local global i32 0, align 4, !dbg !10
@ready = dso_local global i32 0, align 4, !dbg !27
@bar = dso_local global %struct.pthread_barrier_t zeroinitializer, align 4, !dbg !32
@.str = private unnamed_addr constant [4 x i8] c"%d\0A\00", align 1, !dbg !14
@data = dso_local global i32 0, align 4, !dbg !20
@table = dso_local global [2 x i32] zeroinitializer, align 4, !dbg !22

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @main() #0 !dbg !48 {
  %1 = alloca i32, align 4
  %2 = alloca i64, align 8
  %3 = alloca i64, align 8
  %4 = alloca i64, align 8
  %5 = alloca ptr, align 8
  store i32 0, ptr %1, align 4
    #dbg_declare(ptr %2, !52, !DIExpression(), !55)
    #dbg_declare(ptr %3, !56, !DIExpression(), !57)
    #dbg_declare(ptr %4, !58, !DIExpression(), !59)
    #dbg_declare(ptr %5, !60, !DIExpression(), !61)
  %6 = call i32 @sem_init(ptr noundef @ready, i32 noundef 0, i32 noundef 0), !dbg !62
  %7 = call i32 @pthread_barrier_init(ptr noundef @bar, ptr noundef null, i32 noundef 2), !dbg !63
  %8 = call i32 @pthread_create(ptr noundef %2, ptr noundef null, ptr noundef @producer, ptr noundef inttoptr (i64 7 to ptr)), !dbg !64
  %9 = call i32 @pthread_create(ptr noundef %3, ptr noundef null, ptr noundef @consumer, ptr noundef null), !dbg !65
  %10 = load i64, ptr %3, align 8, !dbg !66
  %11 = call i32 @pthread_join(i64 noundef %10, ptr noundef %5), !dbg !67
  %12 = load ptr, ptr %5, align 8, !dbg !68
  %13 = load i32, ptr %12, align 4, !dbg !69
  %14 = call i32 (ptr, ...) @printf(ptr noundef @.str, i32 noundef %13), !dbg !70
  %15 = load ptr, ptr %5, align 8, !dbg !71
  %16 = load i32, ptr %15, align 4, !dbg !72
  %17 = sext i32 %16 to i64, !dbg !73
  %18 = inttoptr i64 %17 to ptr, !dbg !74
  %19 = call i32 @pthread_create(ptr noundef %4, ptr noundef null, ptr noundef @producer, ptr noundef %18), !dbg !75
  %20 = load i64, ptr %2, align 8, !dbg !76
  %21 = call i32 @pthread_join(i64 noundef %20, ptr noundef null), !dbg !77
  %22 = load i64, ptr %4, align 8, !dbg !78
  %23 = call i32 @pthread_join(i64 noundef %22, ptr noundef null), !dbg !79
  %24 = load i32, ptr @data, align 4, !dbg !80
  %25 = icmp ne i32 %24, 7, !dbg !82
  br i1 %25, label %26, label %27, !dbg !83

26:                                               ; preds = %0
  call void @exit(i32 noundef 1) #4, !dbg !84
  unreachable, !dbg !84

27:                                               ; preds = %0
  ret i32 0, !dbg !85
}

declare i32 @sem_init(ptr noundef, i32 noundef, i32 noundef) #1

declare i32 @pthread_barrier_init(ptr noundef, ptr noundef, i32 noundef) #1

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) #1

; Function Attrs: noinline nounwind optnone uwtable
define internal ptr @producer(ptr noundef %0) #0 !dbg !86 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8
    #dbg_declare(ptr %2, !89, !DIExpression(), !90)
  %3 = call i32 @pthread_once(ptr noundef @once, ptr noundef @init), !dbg !91
  %4 = call i32 @pthread_rwlock_wrlock(ptr noundef @lock), !dbg !92
  %5 = load ptr, ptr %2, align 8, !dbg !93
  %6 = ptrtoint ptr %5 to i64, !dbg !94
  %7 = trunc i64 %6 to i32, !dbg !95
  store i32 %7, ptr @data, align 4, !dbg !96
  %8 = call i32 @pthread_rwlock_unlock(ptr noundef @lock), !dbg !97
  %9 = call i32 @sem_post(ptr noundef @ready), !dbg !98
  %10 = call i32 @pthread_barrier_wait(ptr noundef @bar), !dbg !99
  %11 = icmp eq i32 %10, -1, !dbg !101
  br i1 %11, label %12, label %13, !dbg !102

12:                                               ; preds = %1
  call void @pthread_exit(ptr noundef inttoptr (i64 1 to ptr)) #4, !dbg !103
  unreachable, !dbg !103

13:                                               ; preds = %1
  ret ptr null, !dbg !104
}

; Function Attrs: noinline nounwind optnone uwtable
define internal ptr @consumer(ptr noundef %0) #0 !dbg !105 {
  %2 = alloca ptr, align 8
  %3 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8
    #dbg_declare(ptr %2, !106, !DIExpression(), !107)
    #dbg_declare(ptr %3, !108, !DIExpression(), !109)
  %4 = call ptr @calloc(i64 noundef 1, i64 noundef 4) #5, !dbg !110
  store ptr %4, ptr %3, align 8, !dbg !109
  %5 = call i32 @sem_wait(ptr noundef @ready), !dbg !111
  %6 = call i32 @pthread_rwlock_rdlock(ptr noundef @lock), !dbg !112
  %7 = load i32, ptr @data, align 4, !dbg !113
  %8 = load ptr, ptr %3, align 8, !dbg !114
  store i32 %7, ptr %8, align 4, !dbg !115
  %9 = call i32 @pthread_rwlock_unlock(ptr noundef @lock), !dbg !116
  %10 = call i32 @pthread_barrier_wait(ptr noundef @bar), !dbg !117
  %11 = call i32 @usleep(i32 noundef 1), !dbg !118
  %12 = load ptr, ptr %3, align 8, !dbg !119
  ret ptr %12, !dbg !120
}

declare i32 @pthread_join(i64 noundef, ptr noundef) #1

declare i32 @printf(ptr noundef, ...) #1

; Function Attrs: noreturn
declare void @exit(i32 noundef) #2

declare i32 @pthread_once(ptr noundef, ptr noundef) #1

; Function Attrs: noinline nounwind optnone uwtable
define internal void @init() #0 !dbg !121 {
  store i32 1, ptr @table, align 4, !dbg !124
  ret void, !dbg !125
}

declare i32 @pthread_rwlock_wrlock(ptr noundef) #1

declare i32 @pthread_rwlock_unlock(ptr noundef) #1

declare i32 @sem_post(ptr noundef) #1

declare i32 @pthread_barrier_wait(ptr noundef) #1

; Function Attrs: noreturn
declare void @pthread_exit(ptr noundef) #2

; Function Attrs: allocsize(0,1)
declare ptr @calloc(i64 noundef, i64 noundef) #3

declare i32 @sem_wait(ptr noundef) #1

declare i32 @pthread_rwlock_rdlock(ptr noundef) #1

declare i32 @usleep(i32 noundef) #1

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { noreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { allocsize(0,1) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { noreturn }
attributes #5 = { allocsize(0,1) }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!40, !41, !42, !43, !44, !45, !46}
!llvm.ident = !{!47}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "lock", scope: !2, file: !3, line: 14, type: !39, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C11, file: !3, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !4, globals: !9, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "testdata/golden/pthread_sync.c", directory: "/work/main/frontend/llvm", checksumkind: CSK_MD5, checksum: "03a5f87af633b77316904c3fa2fca92c")
!4 = !{!5, !6, !8, !7}
!5 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!6 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!9 = !{!0, !10, !14, !20, !22, !27, !32}
!10 = !DIGlobalVariableExpression(var: !11, expr: !DIExpression())
!11 = distinct !DIGlobalVariable(name: "once", scope: !2, file: !3, line: 15, type: !12, isLocal: false, isDefinition: true)
!12 = !DIDerivedType(tag: DW_TAG_typedef, name: "pthread_once_t", file: !13, line: 75, baseType: !7)
!13 = !DIFile(filename: "include/llvm/pthread.h", directory: "/work/main/frontend/llvm", checksumkind: CSK_MD5, checksum: "ec30788a16528b90e8f6bdc00f96bb65")
!14 = !DIGlobalVariableExpression(var: !15, expr: !DIExpression())
!15 = distinct !DIGlobalVariable(scope: null, file: !3, line: 52, type: !16, isLocal: true, isDefinition: true)
!16 = !DICompositeType(tag: DW_TAG_array_type, baseType: !17, size: 32, elements: !18)
!17 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!18 = !{!19}
!19 = !DISubrange(count: 4)
!20 = !DIGlobalVariableExpression(var: !21, expr: !DIExpression())
!21 = distinct !DIGlobalVariable(name: "data", scope: !2, file: !3, line: 11, type: !7, isLocal: false, isDefinition: true)
!22 = !DIGlobalVariableExpression(var: !23, expr: !DIExpression())
!23 = distinct !DIGlobalVariable(name: "table", scope: !2, file: !3, line: 11, type: !24, isLocal: false, isDefinition: true)
!24 = !DICompositeType(tag: DW_TAG_array_type, baseType: !7, size: 64, elements: !25)
!25 = !{!26}
!26 = !DISubrange(count: 2)
!27 = !DIGlobalVariableExpression(var: !28, expr: !DIExpression())
!28 = distinct !DIGlobalVariable(name: "ready", scope: !2, file: !3, line: 12, type: !29, isLocal: false, isDefinition: true)
!29 = !DIDerivedType(tag: DW_TAG_typedef, name: "sem_t", file: !30, line: 9, baseType: !31)
!30 = !DIFile(filename: "include/llvm/semaphore.h", directory: "/work/main/frontend/llvm", checksumkind: CSK_MD5, checksum: "95d4301d7a03ad796f6b6dc1eb1ac5bc")
!31 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!32 = !DIGlobalVariableExpression(var: !33, expr: !DIExpression())
!33 = distinct !DIGlobalVariable(name: "bar", scope: !2, file: !3, line: 13, type: !34, isLocal: false, isDefinition: true)
!34 = !DIDerivedType(tag: DW_TAG_typedef, name: "pthread_barrier_t", file: !13, line: 66, baseType: !35)
!35 = distinct !DICompositeType(tag: DW_TAG_structure_type, file: !13, line: 66, size: 64, elements: !36)
!36 = !{!37, !38}
!37 = !DIDerivedType(tag: DW_TAG_member, name: "__arrivals", scope: !35, file: !13, line: 66, baseType: !31, size: 32)
!38 = !DIDerivedType(tag: DW_TAG_member, name: "__n", scope: !35, file: !13, line: 66, baseType: !31, size: 32, offset: 32)
!39 = !DIDerivedType(tag: DW_TAG_typedef, name: "pthread_rwlock_t", file: !13, line: 80, baseType: !7)
!40 = !{i32 7, !"Dwarf Version", i32 5}
!41 = !{i32 2, !"Debug Info Version", i32 3}
!42 = !{i32 1, !"wchar_size", i32 4}
!43 = !{i32 8, !"PIC Level", i32 2}
!44 = !{i32 7, !"PIE Level", i32 2}
!45 = !{i32 7, !"uwtable", i32 2}
!46 = !{i32 7, !"frame-pointer", i32 2}
!47 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!48 = distinct !DISubprogram(name: "main", scope: !3, file: !3, line: 43, type: !49, scopeLine: 44, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !51)
!49 = !DISubroutineType(types: !50)
!50 = !{!7}
!51 = !{}
!52 = !DILocalVariable(name: "p", scope: !48, file: !3, line: 45, type: !53)
!53 = !DIDerivedType(tag: DW_TAG_typedef, name: "pthread_t", file: !13, line: 14, baseType: !54)
!54 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!55 = !DILocation(line: 45, column: 15, scope: !48)
!56 = !DILocalVariable(name: "c", scope: !48, file: !3, line: 45, type: !53)
!57 = !DILocation(line: 45, column: 18, scope: !48)
!58 = !DILocalVariable(name: "q", scope: !48, file: !3, line: 45, type: !53)
!59 = !DILocation(line: 45, column: 21, scope: !48)
!60 = !DILocalVariable(name: "r", scope: !48, file: !3, line: 46, type: !5)
!61 = !DILocation(line: 46, column: 11, scope: !48)
!62 = !DILocation(line: 47, column: 5, scope: !48)
!63 = !DILocation(line: 48, column: 5, scope: !48)
!64 = !DILocation(line: 49, column: 5, scope: !48)
!65 = !DILocation(line: 50, column: 5, scope: !48)
!66 = !DILocation(line: 51, column: 18, scope: !48)
!67 = !DILocation(line: 51, column: 5, scope: !48)
!68 = !DILocation(line: 52, column: 28, scope: !48)
!69 = !DILocation(line: 52, column: 20, scope: !48)
!70 = !DILocation(line: 52, column: 5, scope: !48)
!71 = !DILocation(line: 53, column: 59, scope: !48)
!72 = !DILocation(line: 53, column: 51, scope: !48)
!73 = !DILocation(line: 53, column: 45, scope: !48)
!74 = !DILocation(line: 53, column: 37, scope: !48)
!75 = !DILocation(line: 53, column: 5, scope: !48)
!76 = !DILocation(line: 54, column: 18, scope: !48)
!77 = !DILocation(line: 54, column: 5, scope: !48)
!78 = !DILocation(line: 55, column: 18, scope: !48)
!79 = !DILocation(line: 55, column: 5, scope: !48)
!80 = !DILocation(line: 56, column: 9, scope: !81)
!81 = distinct !DILexicalBlock(scope: !48, file: !3, line: 56, column: 9)
!82 = !DILocation(line: 56, column: 14, scope: !81)
!83 = !DILocation(line: 56, column: 9, scope: !48)
!84 = !DILocation(line: 57, column: 9, scope: !81)
!85 = !DILocation(line: 58, column: 5, scope: !48)
!86 = distinct !DISubprogram(name: "producer", scope: !3, file: !3, line: 19, type: !87, scopeLine: 20, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !2, retainedNodes: !51)
!87 = !DISubroutineType(types: !88)
!88 = !{!5, !5}
!89 = !DILocalVariable(name: "arg", arg: 1, scope: !86, file: !3, line: 19, type: !5)
!90 = !DILocation(line: 19, column: 29, scope: !86)
!91 = !DILocation(line: 21, column: 5, scope: !86)
!92 = !DILocation(line: 22, column: 5, scope: !86)
!93 = !DILocation(line: 23, column: 23, scope: !86)
!94 = !DILocation(line: 23, column: 17, scope: !86)
!95 = !DILocation(line: 23, column: 12, scope: !86)
!96 = !DILocation(line: 23, column: 10, scope: !86)
!97 = !DILocation(line: 24, column: 5, scope: !86)
!98 = !DILocation(line: 25, column: 5, scope: !86)
!99 = !DILocation(line: 26, column: 9, scope: !100)
!100 = distinct !DILexicalBlock(scope: !86, file: !3, line: 26, column: 9)
!101 = !DILocation(line: 26, column: 36, scope: !100)
!102 = !DILocation(line: 26, column: 9, scope: !86)
!103 = !DILocation(line: 27, column: 9, scope: !100)
!104 = !DILocation(line: 28, column: 5, scope: !86)
!105 = distinct !DISubprogram(name: "consumer", scope: !3, file: !3, line: 31, type: !87, scopeLine: 32, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !2, retainedNodes: !51)
!106 = !DILocalVariable(name: "arg", arg: 1, scope: !105, file: !3, line: 31, type: !5)
!107 = !DILocation(line: 31, column: 29, scope: !105)
!108 = !DILocalVariable(name: "seen", scope: !105, file: !3, line: 33, type: !6)
!109 = !DILocation(line: 33, column: 10, scope: !105)
!110 = !DILocation(line: 33, column: 17, scope: !105)
!111 = !DILocation(line: 34, column: 5, scope: !105)
!112 = !DILocation(line: 35, column: 5, scope: !105)
!113 = !DILocation(line: 36, column: 13, scope: !105)
!114 = !DILocation(line: 36, column: 6, scope: !105)
!115 = !DILocation(line: 36, column: 11, scope: !105)
!116 = !DILocation(line: 37, column: 5, scope: !105)
!117 = !DILocation(line: 38, column: 5, scope: !105)
!118 = !DILocation(line: 39, column: 5, scope: !105)
!119 = !DILocation(line: 40, column: 12, scope: !105)
!120 = !DILocation(line: 40, column: 5, scope: !105)
!121 = distinct !DISubprogram(name: "init", scope: !3, file: !3, line: 17, type: !122, scopeLine: 17, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !2)
!122 = !DISubroutineType(types: !123)
!123 = !{null}
!124 = !DILocation(line: 17, column: 35, scope: !121)
!125 = !DILocation(line: 17, column: 40, scope: !121)
