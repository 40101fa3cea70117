; ModuleID = 'testdata/golden/pthread.c'
source_filename = "testdata/golden/pthread.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@m = dso_local global i32 0, align 4, !dbg !0
@counter = dso_local global i32 0, align 4, !dbg !16
@done = dso_local global i32 0, align 4, !dbg !18
@main.one = internal global i32 1, align 4, !dbg !8
@main.two = internal global i32 2, align 4, !dbg !14

; Function Attrs: noinline nounwind optnone uwtable
define dso_local ptr @worker(ptr noundef %0) #0 !dbg !34 {
  %2 = alloca ptr, align 8
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  store ptr %0, ptr %2, align 8
  call void @llvm.dbg.declare(metadata ptr %2, metadata !38, metadata !DIExpression()), !dbg !39
  call void @llvm.dbg.declare(metadata ptr %3, metadata !40, metadata !DIExpression()), !dbg !41
  %6 = load ptr, ptr %2, align 8, !dbg !42
  %7 = load i32, ptr %6, align 4, !dbg !43
  store i32 %7, ptr %3, align 4, !dbg !41
  %8 = call i32 @pthread_mutex_lock(ptr noundef @m), !dbg !44
  %9 = load i32, ptr @counter, align 4, !dbg !45
  %10 = load i32, ptr %3, align 4, !dbg !46
  %11 = add nsw i32 %9, %10, !dbg !47
  store i32 %11, ptr @counter, align 4, !dbg !48
  %12 = call i32 @pthread_mutex_unlock(ptr noundef @m), !dbg !49
  store i32 1, ptr %4, align 4, !dbg !50
  %13 = load i32, ptr %4, align 4, !dbg !50
  %14 = atomicrmw add ptr @done, i32 %13 seq_cst, align 4, !dbg !50
  store i32 %14, ptr %5, align 4, !dbg !50
  %15 = load i32, ptr %5, align 4, !dbg !50
  ret ptr null, !dbg !51
}

; Function Attrs: nocallback nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.declare(metadata, metadata, metadata) #1

declare i32 @pthread_mutex_lock(ptr noundef) #2

declare i32 @pthread_mutex_unlock(ptr noundef) #2

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @main() #0 !dbg !10 {
  %1 = alloca i32, align 4
  %2 = alloca i64, align 8
  %3 = alloca i64, align 8
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  store i32 0, ptr %1, align 4
  call void @llvm.dbg.declare(metadata ptr %2, metadata !52, metadata !DIExpression()), !dbg !55
  call void @llvm.dbg.declare(metadata ptr %3, metadata !56, metadata !DIExpression()), !dbg !57
  store i32 10, ptr @counter, align 4, !dbg !58
  %6 = call i32 @pthread_create(ptr noundef %2, ptr noundef null, ptr noundef @worker, ptr noundef @main.one), !dbg !59
  %7 = call i32 @pthread_create(ptr noundef %3, ptr noundef null, ptr noundef @worker, ptr noundef @main.two), !dbg !60
  call void @llvm.dbg.declare(metadata ptr %4, metadata !61, metadata !DIExpression()), !dbg !62
  %8 = load atomic i32, ptr @done seq_cst, align 4, !dbg !63
  store i32 %8, ptr %5, align 4, !dbg !63
  %9 = load i32, ptr %5, align 4, !dbg !63
  store i32 %9, ptr %4, align 4, !dbg !62
  %10 = load i64, ptr %2, align 8, !dbg !64
  %11 = call i32 @pthread_join(i64 noundef %10, ptr noundef null), !dbg !65
  %12 = load i64, ptr %3, align 8, !dbg !66
  %13 = call i32 @pthread_join(i64 noundef %12, ptr noundef null), !dbg !67
  %14 = load i32, ptr @counter, align 4, !dbg !68
  %15 = icmp eq i32 %14, 13, !dbg !68
  call void @__lsl_c_assert(i1 noundef zeroext %15), !dbg !68
  %16 = load i32, ptr %4, align 4, !dbg !69
  %17 = icmp sle i32 %16, 2, !dbg !69
  call void @__lsl_c_assert(i1 noundef zeroext %17), !dbg !69
  ret i32 0, !dbg !70
}

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) #2

declare i32 @pthread_join(i64 noundef, ptr noundef) #2

declare void @__lsl_c_assert(i1 noundef zeroext) #2

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind readnone speculatable willreturn }
attributes #2 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!26, !27, !28, !29, !30, !31, !32}
!llvm.ident = !{!33}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "m", scope: !2, file: !3, line: 7, type: !23, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, producer: "Debian clang version 15.0.6", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !4, globals: !7, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "testdata/golden/pthread.c", directory: "/work/main/frontend/llvm", checksumkind: CSK_MD5, checksum: "646f5cd4dca368533596fc3cde8ada9b")
!4 = !{!5}
!5 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !6, size: 64)
!6 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!7 = !{!0, !8, !14, !16, !18}
!8 = !DIGlobalVariableExpression(var: !9, expr: !DIExpression())
!9 = distinct !DIGlobalVariable(name: "one", scope: !10, file: !3, line: 22, type: !6, isLocal: true, isDefinition: true)
!10 = distinct !DISubprogram(name: "main", scope: !3, file: !3, line: 20, type: !11, scopeLine: 21, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !13)
!11 = !DISubroutineType(types: !12)
!12 = !{!6}
!13 = !{}
!14 = !DIGlobalVariableExpression(var: !15, expr: !DIExpression())
!15 = distinct !DIGlobalVariable(name: "two", scope: !10, file: !3, line: 22, type: !6, isLocal: true, isDefinition: true)
!16 = !DIGlobalVariableExpression(var: !17, expr: !DIExpression())
!17 = distinct !DIGlobalVariable(name: "counter", scope: !2, file: !3, line: 6, type: !6, isLocal: false, isDefinition: true)
!18 = !DIGlobalVariableExpression(var: !19, expr: !DIExpression())
!19 = distinct !DIGlobalVariable(name: "done", scope: !2, file: !3, line: 8, type: !20, isLocal: false, isDefinition: true)
!20 = !DIDerivedType(tag: DW_TAG_typedef, name: "atomic_int", file: !21, line: 93, baseType: !22)
!21 = !DIFile(filename: "/usr/lib/llvm-15/lib/clang/15.0.6/include/stdatomic.h", directory: "", checksumkind: CSK_MD5, checksum: "c31d38c6c5a076e42adea43381ce5a8c")
!22 = !DIDerivedType(tag: DW_TAG_atomic_type, baseType: !6)
!23 = !DIDerivedType(tag: DW_TAG_typedef, name: "pthread_mutex_t", file: !24, line: 16, baseType: !25)
!24 = !DIFile(filename: "include/llvm/pthread.h", directory: "/work/main/frontend/llvm", checksumkind: CSK_MD5, checksum: "ec30788a16528b90e8f6bdc00f96bb65")
!25 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!26 = !{i32 7, !"Dwarf Version", i32 5}
!27 = !{i32 2, !"Debug Info Version", i32 3}
!28 = !{i32 1, !"wchar_size", i32 4}
!29 = !{i32 7, !"PIC Level", i32 2}
!30 = !{i32 7, !"PIE Level", i32 2}
!31 = !{i32 7, !"uwtable", i32 2}
!32 = !{i32 7, !"frame-pointer", i32 2}
!33 = !{!"Debian clang version 15.0.6"}
!34 = distinct !DISubprogram(name: "worker", scope: !3, file: !3, line: 10, type: !35, scopeLine: 11, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !13)
!35 = !DISubroutineType(types: !36)
!36 = !{!37, !37}
!37 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!38 = !DILocalVariable(name: "arg", arg: 1, scope: !34, file: !3, line: 10, type: !37)
!39 = !DILocation(line: 10, column: 20, scope: !34)
!40 = !DILocalVariable(name: "step", scope: !34, file: !3, line: 12, type: !6)
!41 = !DILocation(line: 12, column: 9, scope: !34)
!42 = !DILocation(line: 12, column: 24, scope: !34)
!43 = !DILocation(line: 12, column: 16, scope: !34)
!44 = !DILocation(line: 13, column: 5, scope: !34)
!45 = !DILocation(line: 14, column: 15, scope: !34)
!46 = !DILocation(line: 14, column: 25, scope: !34)
!47 = !DILocation(line: 14, column: 23, scope: !34)
!48 = !DILocation(line: 14, column: 13, scope: !34)
!49 = !DILocation(line: 15, column: 5, scope: !34)
!50 = !DILocation(line: 16, column: 5, scope: !34)
!51 = !DILocation(line: 17, column: 5, scope: !34)
!52 = !DILocalVariable(name: "a", scope: !10, file: !3, line: 23, type: !53)
!53 = !DIDerivedType(tag: DW_TAG_typedef, name: "pthread_t", file: !24, line: 14, baseType: !54)
!54 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!55 = !DILocation(line: 23, column: 15, scope: !10)
!56 = !DILocalVariable(name: "b", scope: !10, file: !3, line: 23, type: !53)
!57 = !DILocation(line: 23, column: 18, scope: !10)
!58 = !DILocation(line: 24, column: 13, scope: !10)
!59 = !DILocation(line: 25, column: 5, scope: !10)
!60 = !DILocation(line: 26, column: 5, scope: !10)
!61 = !DILocalVariable(name: "seen", scope: !10, file: !3, line: 27, type: !6)
!62 = !DILocation(line: 27, column: 9, scope: !10)
!63 = !DILocation(line: 27, column: 16, scope: !10)
!64 = !DILocation(line: 28, column: 18, scope: !10)
!65 = !DILocation(line: 28, column: 5, scope: !10)
!66 = !DILocation(line: 29, column: 18, scope: !10)
!67 = !DILocation(line: 29, column: 5, scope: !10)
!68 = !DILocation(line: 30, column: 5, scope: !10)
!69 = !DILocation(line: 31, column: 5, scope: !10)
!70 = !DILocation(line: 32, column: 5, scope: !10)
