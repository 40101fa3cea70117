; ModuleID = 'testdata/golden/pthread_sync.c'
source_filename = "testdata/golden/pthread_sync.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.pthread_barrier_t = type { i32, i32 }
%struct.__checkfence_pthread_barrierattr = type opaque
%struct.__checkfence_pthread_attr = type opaque

@lock = dso_local global i32 0, align 4, !dbg !0
@once = dso_local global i32 0, align 4, !dbg !10
@ready = dso_local global i32 0, align 4, !dbg !21
@bar = dso_local global %struct.pthread_barrier_t zeroinitializer, align 4, !dbg !26
@.str = private unnamed_addr constant [4 x i8] c"%d\0A\00", align 1
@data = dso_local global i32 0, align 4, !dbg !14
@table = dso_local global [2 x i32] zeroinitializer, align 4, !dbg !16

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @main() #0 !dbg !42 {
  %1 = alloca i32, align 4
  %2 = alloca i64, align 8
  %3 = alloca i64, align 8
  %4 = alloca i64, align 8
  %5 = alloca i8*, align 8
  store i32 0, i32* %1, align 4
  call void @llvm.dbg.declare(metadata i64* %2, metadata !46, metadata !DIExpression()), !dbg !49
  call void @llvm.dbg.declare(metadata i64* %3, metadata !50, metadata !DIExpression()), !dbg !51
  call void @llvm.dbg.declare(metadata i64* %4, metadata !52, metadata !DIExpression()), !dbg !53
  call void @llvm.dbg.declare(metadata i8** %5, metadata !54, metadata !DIExpression()), !dbg !55
  %6 = call i32 @sem_init(i32* noundef @ready, i32 noundef 0, i32 noundef 0), !dbg !56
  %7 = call i32 @pthread_barrier_init(%struct.pthread_barrier_t* noundef @bar, %struct.__checkfence_pthread_barrierattr** noundef null, i32 noundef 2), !dbg !57
  %8 = call i32 @pthread_create(i64* noundef %2, %struct.__checkfence_pthread_attr** noundef null, i8* (i8*)* noundef @producer, i8* noundef inttoptr (i64 7 to i8*)), !dbg !58
  %9 = call i32 @pthread_create(i64* noundef %3, %struct.__checkfence_pthread_attr** noundef null, i8* (i8*)* noundef @consumer, i8* noundef null), !dbg !59
  %10 = load i64, i64* %3, align 8, !dbg !60
  %11 = call i32 @pthread_join(i64 noundef %10, i8** noundef %5), !dbg !61
  %12 = load i8*, i8** %5, align 8, !dbg !62
  %13 = bitcast i8* %12 to i32*, !dbg !63
  %14 = load i32, i32* %13, align 4, !dbg !64
  %15 = call i32 (i8*, ...) @printf(i8* noundef getelementptr inbounds ([4 x i8], [4 x i8]* @.str, i64 0, i64 0), i32 noundef %14), !dbg !65
  %16 = load i8*, i8** %5, align 8, !dbg !66
  %17 = bitcast i8* %16 to i32*, !dbg !67
  %18 = load i32, i32* %17, align 4, !dbg !68
  %19 = sext i32 %18 to i64, !dbg !69
  %20 = inttoptr i64 %19 to i8*, !dbg !70
  %21 = call i32 @pthread_create(i64* noundef %4, %struct.__checkfence_pthread_attr** noundef null, i8* (i8*)* noundef @producer, i8* noundef %20), !dbg !71
  %22 = load i64, i64* %2, align 8, !dbg !72
  %23 = call i32 @pthread_join(i64 noundef %22, i8** noundef null), !dbg !73
  %24 = load i64, i64* %4, align 8, !dbg !74
  %25 = call i32 @pthread_join(i64 noundef %24, i8** noundef null), !dbg !75
  %26 = load i32, i32* @data, align 4, !dbg !76
  %27 = icmp ne i32 %26, 7, !dbg !78
  br i1 %27, label %28, label %29, !dbg !79

28:                                               ; preds = %0
  call void @exit(i32 noundef 1) #4, !dbg !80
  unreachable, !dbg !80

29:                                               ; preds = %0
  ret i32 0, !dbg !81
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.declare(metadata, metadata, metadata) #1

declare i32 @sem_init(i32* noundef, i32 noundef, i32 noundef) #2

declare i32 @pthread_barrier_init(%struct.pthread_barrier_t* noundef, %struct.__checkfence_pthread_barrierattr** noundef, i32 noundef) #2

declare i32 @pthread_create(i64* noundef, %struct.__checkfence_pthread_attr** noundef, i8* (i8*)* noundef, i8* noundef) #2

; Function Attrs: noinline nounwind optnone uwtable
define internal i8* @producer(i8* noundef %0) #0 !dbg !82 {
  %2 = alloca i8*, align 8
  store i8* %0, i8** %2, align 8
  call void @llvm.dbg.declare(metadata i8** %2, metadata !85, metadata !DIExpression()), !dbg !86
  %3 = call i32 @pthread_once(i32* noundef @once, void ()* noundef @init), !dbg !87
  %4 = call i32 @pthread_rwlock_wrlock(i32* noundef @lock), !dbg !88
  %5 = load i8*, i8** %2, align 8, !dbg !89
  %6 = ptrtoint i8* %5 to i64, !dbg !90
  %7 = trunc i64 %6 to i32, !dbg !91
  store i32 %7, i32* @data, align 4, !dbg !92
  %8 = call i32 @pthread_rwlock_unlock(i32* noundef @lock), !dbg !93
  %9 = call i32 @sem_post(i32* noundef @ready), !dbg !94
  %10 = call i32 @pthread_barrier_wait(%struct.pthread_barrier_t* noundef @bar), !dbg !95
  %11 = icmp eq i32 %10, -1, !dbg !97
  br i1 %11, label %12, label %13, !dbg !98

12:                                               ; preds = %1
  call void @pthread_exit(i8* noundef inttoptr (i64 1 to i8*)) #4, !dbg !99
  unreachable, !dbg !99

13:                                               ; preds = %1
  ret i8* null, !dbg !100
}

; Function Attrs: noinline nounwind optnone uwtable
define internal i8* @consumer(i8* noundef %0) #0 !dbg !101 {
  %2 = alloca i8*, align 8
  %3 = alloca i32*, align 8
  store i8* %0, i8** %2, align 8
  call void @llvm.dbg.declare(metadata i8** %2, metadata !102, metadata !DIExpression()), !dbg !103
  call void @llvm.dbg.declare(metadata i32** %3, metadata !104, metadata !DIExpression()), !dbg !105
  %4 = call i8* @calloc(i64 noundef 1, i64 noundef 4), !dbg !106
  %5 = bitcast i8* %4 to i32*, !dbg !106
  store i32* %5, i32** %3, align 8, !dbg !105
  %6 = call i32 @sem_wait(i32* noundef @ready), !dbg !107
  %7 = call i32 @pthread_rwlock_rdlock(i32* noundef @lock), !dbg !108
  %8 = load i32, i32* @data, align 4, !dbg !109
  %9 = load i32*, i32** %3, align 8, !dbg !110
  store i32 %8, i32* %9, align 4, !dbg !111
  %10 = call i32 @pthread_rwlock_unlock(i32* noundef @lock), !dbg !112
  %11 = call i32 @pthread_barrier_wait(%struct.pthread_barrier_t* noundef @bar), !dbg !113
  %12 = call i32 @usleep(i32 noundef 1), !dbg !114
  %13 = load i32*, i32** %3, align 8, !dbg !115
  %14 = bitcast i32* %13 to i8*, !dbg !115
  ret i8* %14, !dbg !116
}

declare i32 @pthread_join(i64 noundef, i8** noundef) #2

declare i32 @printf(i8* noundef, ...) #2

; Function Attrs: noreturn
declare void @exit(i32 noundef) #3

declare i32 @pthread_once(i32* noundef, void ()* noundef) #2

; Function Attrs: noinline nounwind optnone uwtable
define internal void @init() #0 !dbg !117 {
  store i32 1, i32* getelementptr inbounds ([2 x i32], [2 x i32]* @table, i64 0, i64 0), align 4, !dbg !120
  ret void, !dbg !121
}

declare i32 @pthread_rwlock_wrlock(i32* noundef) #2

declare i32 @pthread_rwlock_unlock(i32* noundef) #2

declare i32 @sem_post(i32* noundef) #2

declare i32 @pthread_barrier_wait(%struct.pthread_barrier_t* noundef) #2

; Function Attrs: noreturn
declare void @pthread_exit(i8* noundef) #3

declare i8* @calloc(i64 noundef, i64 noundef) #2

declare i32 @sem_wait(i32* noundef) #2

declare i32 @pthread_rwlock_rdlock(i32* noundef) #2

declare i32 @usleep(i32 noundef) #2

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #2 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { noreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { noreturn }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!34, !35, !36, !37, !38, !39, !40}
!llvm.ident = !{!41}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "lock", scope: !2, file: !3, line: 14, type: !33, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, producer: "Debian clang version 14.0.6", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !4, globals: !9, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "testdata/golden/pthread_sync.c", directory: "/work/main/frontend/llvm", checksumkind: CSK_MD5, checksum: "03a5f87af633b77316904c3fa2fca92c")
!4 = !{!5, !6, !8, !7}
!5 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!6 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!9 = !{!0, !10, !14, !16, !21, !26}
!10 = !DIGlobalVariableExpression(var: !11, expr: !DIExpression())
!11 = distinct !DIGlobalVariable(name: "once", scope: !2, file: !3, line: 15, type: !12, isLocal: false, isDefinition: true)
!12 = !DIDerivedType(tag: DW_TAG_typedef, name: "pthread_once_t", file: !13, line: 55, baseType: !7)
!13 = !DIFile(filename: "include/llvm/pthread.h", directory: "/work/main/frontend/llvm", checksumkind: CSK_MD5, checksum: "72c8810cf0e67ed4b8dd8ea34c93528f")
!14 = !DIGlobalVariableExpression(var: !15, expr: !DIExpression())
!15 = distinct !DIGlobalVariable(name: "data", scope: !2, file: !3, line: 11, type: !7, isLocal: false, isDefinition: true)
!16 = !DIGlobalVariableExpression(var: !17, expr: !DIExpression())
!17 = distinct !DIGlobalVariable(name: "table", scope: !2, file: !3, line: 11, type: !18, isLocal: false, isDefinition: true)
!18 = !DICompositeType(tag: DW_TAG_array_type, baseType: !7, size: 64, elements: !19)
!19 = !{!20}
!20 = !DISubrange(count: 2)
!21 = !DIGlobalVariableExpression(var: !22, expr: !DIExpression())
!22 = distinct !DIGlobalVariable(name: "ready", scope: !2, file: !3, line: 12, type: !23, isLocal: false, isDefinition: true)
!23 = !DIDerivedType(tag: DW_TAG_typedef, name: "sem_t", file: !24, line: 9, baseType: !25)
!24 = !DIFile(filename: "include/llvm/semaphore.h", directory: "/work/main/frontend/llvm", checksumkind: CSK_MD5, checksum: "95d4301d7a03ad796f6b6dc1eb1ac5bc")
!25 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!26 = !DIGlobalVariableExpression(var: !27, expr: !DIExpression())
!27 = distinct !DIGlobalVariable(name: "bar", scope: !2, file: !3, line: 13, type: !28, isLocal: false, isDefinition: true)
!28 = !DIDerivedType(tag: DW_TAG_typedef, name: "pthread_barrier_t", file: !13, line: 46, baseType: !29)
!29 = distinct !DICompositeType(tag: DW_TAG_structure_type, file: !13, line: 46, size: 64, elements: !30)
!30 = !{!31, !32}
!31 = !DIDerivedType(tag: DW_TAG_member, name: "__arrivals", scope: !29, file: !13, line: 46, baseType: !25, size: 32)
!32 = !DIDerivedType(tag: DW_TAG_member, name: "__n", scope: !29, file: !13, line: 46, baseType: !25, size: 32, offset: 32)
!33 = !DIDerivedType(tag: DW_TAG_typedef, name: "pthread_rwlock_t", file: !13, line: 60, baseType: !7)
!34 = !{i32 7, !"Dwarf Version", i32 5}
!35 = !{i32 2, !"Debug Info Version", i32 3}
!36 = !{i32 1, !"wchar_size", i32 4}
!37 = !{i32 7, !"PIC Level", i32 2}
!38 = !{i32 7, !"PIE Level", i32 2}
!39 = !{i32 7, !"uwtable", i32 1}
!40 = !{i32 7, !"frame-pointer", i32 2}
!41 = !{!"Debian clang version 14.0.6"}
!42 = distinct !DISubprogram(name: "main", scope: !3, file: !3, line: 43, type: !43, scopeLine: 44, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !45)
!43 = !DISubroutineType(types: !44)
!44 = !{!7}
!45 = !{}
!46 = !DILocalVariable(name: "p", scope: !42, file: !3, line: 45, type: !47)
!47 = !DIDerivedType(tag: DW_TAG_typedef, name: "pthread_t", file: !13, line: 14, baseType: !48)
!48 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!49 = !DILocation(line: 45, column: 15, scope: !42)
!50 = !DILocalVariable(name: "c", scope: !42, file: !3, line: 45, type: !47)
!51 = !DILocation(line: 45, column: 18, scope: !42)
!52 = !DILocalVariable(name: "q", scope: !42, file: !3, line: 45, type: !47)
!53 = !DILocation(line: 45, column: 21, scope: !42)
!54 = !DILocalVariable(name: "r", scope: !42, file: !3, line: 46, type: !5)
!55 = !DILocation(line: 46, column: 11, scope: !42)
!56 = !DILocation(line: 47, column: 5, scope: !42)
!57 = !DILocation(line: 48, column: 5, scope: !42)
!58 = !DILocation(line: 49, column: 5, scope: !42)
!59 = !DILocation(line: 50, column: 5, scope: !42)
!60 = !DILocation(line: 51, column: 18, scope: !42)
!61 = !DILocation(line: 51, column: 5, scope: !42)
!62 = !DILocation(line: 52, column: 28, scope: !42)
!63 = !DILocation(line: 52, column: 21, scope: !42)
!64 = !DILocation(line: 52, column: 20, scope: !42)
!65 = !DILocation(line: 52, column: 5, scope: !42)
!66 = !DILocation(line: 53, column: 59, scope: !42)
!67 = !DILocation(line: 53, column: 52, scope: !42)
!68 = !DILocation(line: 53, column: 51, scope: !42)
!69 = !DILocation(line: 53, column: 45, scope: !42)
!70 = !DILocation(line: 53, column: 37, scope: !42)
!71 = !DILocation(line: 53, column: 5, scope: !42)
!72 = !DILocation(line: 54, column: 18, scope: !42)
!73 = !DILocation(line: 54, column: 5, scope: !42)
!74 = !DILocation(line: 55, column: 18, scope: !42)
!75 = !DILocation(line: 55, column: 5, scope: !42)
!76 = !DILocation(line: 56, column: 9, scope: !77)
!77 = distinct !DILexicalBlock(scope: !42, file: !3, line: 56, column: 9)
!78 = !DILocation(line: 56, column: 14, scope: !77)
!79 = !DILocation(line: 56, column: 9, scope: !42)
!80 = !DILocation(line: 57, column: 9, scope: !77)
!81 = !DILocation(line: 58, column: 5, scope: !42)
!82 = distinct !DISubprogram(name: "producer", scope: !3, file: !3, line: 19, type: !83, scopeLine: 20, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !2, retainedNodes: !45)
!83 = !DISubroutineType(types: !84)
!84 = !{!5, !5}
!85 = !DILocalVariable(name: "arg", arg: 1, scope: !82, file: !3, line: 19, type: !5)
!86 = !DILocation(line: 19, column: 29, scope: !82)
!87 = !DILocation(line: 21, column: 5, scope: !82)
!88 = !DILocation(line: 22, column: 5, scope: !82)
!89 = !DILocation(line: 23, column: 23, scope: !82)
!90 = !DILocation(line: 23, column: 17, scope: !82)
!91 = !DILocation(line: 23, column: 12, scope: !82)
!92 = !DILocation(line: 23, column: 10, scope: !82)
!93 = !DILocation(line: 24, column: 5, scope: !82)
!94 = !DILocation(line: 25, column: 5, scope: !82)
!95 = !DILocation(line: 26, column: 9, scope: !96)
!96 = distinct !DILexicalBlock(scope: !82, file: !3, line: 26, column: 9)
!97 = !DILocation(line: 26, column: 36, scope: !96)
!98 = !DILocation(line: 26, column: 9, scope: !82)
!99 = !DILocation(line: 27, column: 9, scope: !96)
!100 = !DILocation(line: 28, column: 5, scope: !82)
!101 = distinct !DISubprogram(name: "consumer", scope: !3, file: !3, line: 31, type: !83, scopeLine: 32, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !2, retainedNodes: !45)
!102 = !DILocalVariable(name: "arg", arg: 1, scope: !101, file: !3, line: 31, type: !5)
!103 = !DILocation(line: 31, column: 29, scope: !101)
!104 = !DILocalVariable(name: "seen", scope: !101, file: !3, line: 33, type: !6)
!105 = !DILocation(line: 33, column: 10, scope: !101)
!106 = !DILocation(line: 33, column: 17, scope: !101)
!107 = !DILocation(line: 34, column: 5, scope: !101)
!108 = !DILocation(line: 35, column: 5, scope: !101)
!109 = !DILocation(line: 36, column: 13, scope: !101)
!110 = !DILocation(line: 36, column: 6, scope: !101)
!111 = !DILocation(line: 36, column: 11, scope: !101)
!112 = !DILocation(line: 37, column: 5, scope: !101)
!113 = !DILocation(line: 38, column: 5, scope: !101)
!114 = !DILocation(line: 39, column: 5, scope: !101)
!115 = !DILocation(line: 40, column: 12, scope: !101)
!116 = !DILocation(line: 40, column: 5, scope: !101)
!117 = distinct !DISubprogram(name: "init", scope: !3, file: !3, line: 17, type: !118, scopeLine: 17, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !2, retainedNodes: !45)
!118 = !DISubroutineType(types: !119)
!119 = !{null}
!120 = !DILocation(line: 17, column: 35, scope: !117)
!121 = !DILocation(line: 17, column: 40, scope: !117)
