; Hand-written IR for what clang -O0 does not emit: phis that swap
; (a parallel copy), select, byte offsets into a struct, memset and memcpy
; of typed objects, atomicrmw variants and a cmpxchg whose orderings differ.
%struct.pair = type { i32, %struct.pair* }

@g = global %struct.pair zeroinitializer
@h = global %struct.pair { i32 5, %struct.pair* @g }
@arr = global [4 x i32] [i32 1, i32 2, i32 3, i32 4]

define i32 @swap(i32 %n) {
entry:
  br label %loop

loop:
  %a = phi i32 [ 0, %entry ], [ %b, %loop ]
  %b = phi i32 [ 1, %entry ], [ %a, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit

exit:
  %r = select i1 %c, i32 %a, i32 %b
  ret i32 %r
}

define void @bytes() {
  %p = bitcast %struct.pair* @g to i8*
  %q = getelementptr i8, i8* %p, i64 8
  %r = bitcast i8* %q to %struct.pair**
  store %struct.pair* @h, %struct.pair** %r
  %s = bitcast %struct.pair* @g to i32*
  store i32 3, i32* %s
  call void @llvm.memset.p0i8.i64(i8* bitcast (%struct.pair* @h to i8*), i8 0, i64 16, i1 false)
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* bitcast (%struct.pair* @h to i8*), i8* bitcast (%struct.pair* @g to i8*), i64 16, i1 false)
  ret void
}

define i32 @rmw(i32* %p) {
  %a = atomicrmw max i32* %p, i32 3 monotonic
  %b = atomicrmw nand i32* %p, i32 %a acquire
  %c = cmpxchg i32* %p, i32 %a, i32 %b seq_cst monotonic
  %ok = extractvalue { i32, i1 } %c, 1
  %old = extractvalue { i32, i1 } %c, 0
  %r = select i1 %ok, i32 %old, i32 0
  ret i32 %r
}

define i32 @sw(i32 %x) {
entry:
  switch i32 %x, label %d [
    i32 1, label %one
    i32 2, label %two
  ]
one:
  br label %two
two:
  %v = phi i32 [ 1, %one ], [ 2, %entry ]
  br label %d
d:
  %w = phi i32 [ %v, %two ], [ 0, %entry ]
  ret i32 %w
}

declare void @llvm.memset.p0i8.i64(i8*, i8, i64, i1)
declare void @llvm.memcpy.p0i8.p0i8.i64(i8*, i8*, i64, i1)
