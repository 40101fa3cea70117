/*
 * <stdatomic.h> for checkfence's C front end (c11atomic.go): the atomic
 * types, memory orders and generic functions of C11 7.17. Each function
 * is a macro around a built-in the front end translates into an access
 * with C11 tags and the fences of its memory order, as the LLVM front end
 * does for what clang makes of it; the result takes the type of the
 * object (__typeof__). An object of an atomic type (atomic_int, or
 * declared _Atomic) read or written with plain C is a seq_cst access, a
 * compound assignment or ++/-- a seq_cst read-modify-write.
 */
#if defined(__clang__)
/* --frontend clang: clang's own (the C front end's headers are on its path) */
#include_next <stdatomic.h>
#elif !defined(_CHECKFENCE_STDATOMIC_H)
#define _CHECKFENCE_STDATOMIC_H

typedef enum memory_order {
	memory_order_relaxed,
	memory_order_consume,
	memory_order_acquire,
	memory_order_release,
	memory_order_acq_rel,
	memory_order_seq_cst
} memory_order;

typedef _Bool atomic_bool;
typedef char atomic_char;
typedef signed char atomic_schar;
typedef unsigned char atomic_uchar;
typedef short atomic_short;
typedef unsigned short atomic_ushort;
typedef int atomic_int;
typedef unsigned int atomic_uint;
typedef long atomic_long;
typedef unsigned long atomic_ulong;
typedef long long atomic_llong;
typedef unsigned long long atomic_ullong;
typedef long atomic_intptr_t;
typedef unsigned long atomic_uintptr_t;
typedef unsigned long atomic_size_t;
typedef long atomic_ptrdiff_t;
typedef long atomic_intmax_t;
typedef unsigned long atomic_uintmax_t;
typedef int atomic_flag;

long __c11_load();
void __c11_store();
long __c11_exchange();
_Bool __c11_cmpxchg();
long __c11_fetch();
void __c11_fence();
void __c11_signal_fence();
void __c11_init();

#define ATOMIC_VAR_INIT(v) (v)
#define ATOMIC_FLAG_INIT 0
#define kill_dependency(y) (y)
#define atomic_init(p, v) __c11_init((p), (v))
#define atomic_is_lock_free(p) 1

#define atomic_thread_fence(o) __c11_fence((o))
#define atomic_signal_fence(o) __c11_signal_fence((o))

#define atomic_load_explicit(p, o) ((__typeof__(*(p)))__c11_load((p), (o)))
#define atomic_load(p) atomic_load_explicit((p), memory_order_seq_cst)
#define atomic_store_explicit(p, v, o) __c11_store((p), (v), (o))
#define atomic_store(p, v) atomic_store_explicit((p), (v), memory_order_seq_cst)
#define atomic_exchange_explicit(p, v, o) ((__typeof__(*(p)))__c11_exchange((p), (v), (o)))
#define atomic_exchange(p, v) atomic_exchange_explicit((p), (v), memory_order_seq_cst)
#define atomic_compare_exchange_strong_explicit(p, e, v, s, f) __c11_cmpxchg((p), (e), (v), (s), (f))
#define atomic_compare_exchange_weak_explicit(p, e, v, s, f) __c11_cmpxchg((p), (e), (v), (s), (f))
#define atomic_compare_exchange_strong(p, e, v) __c11_cmpxchg((p), (e), (v), memory_order_seq_cst, memory_order_seq_cst)
#define atomic_compare_exchange_weak(p, e, v) __c11_cmpxchg((p), (e), (v), memory_order_seq_cst, memory_order_seq_cst)

#define atomic_fetch_add_explicit(p, v, o) ((__typeof__(*(p)))__c11_fetch((p), (v), (o), "add"))
#define atomic_fetch_sub_explicit(p, v, o) ((__typeof__(*(p)))__c11_fetch((p), (v), (o), "sub"))
#define atomic_fetch_or_explicit(p, v, o) ((__typeof__(*(p)))__c11_fetch((p), (v), (o), "or"))
#define atomic_fetch_xor_explicit(p, v, o) ((__typeof__(*(p)))__c11_fetch((p), (v), (o), "xor"))
#define atomic_fetch_and_explicit(p, v, o) ((__typeof__(*(p)))__c11_fetch((p), (v), (o), "and"))
#define atomic_fetch_add(p, v) atomic_fetch_add_explicit((p), (v), memory_order_seq_cst)
#define atomic_fetch_sub(p, v) atomic_fetch_sub_explicit((p), (v), memory_order_seq_cst)
#define atomic_fetch_or(p, v) atomic_fetch_or_explicit((p), (v), memory_order_seq_cst)
#define atomic_fetch_xor(p, v) atomic_fetch_xor_explicit((p), (v), memory_order_seq_cst)
#define atomic_fetch_and(p, v) atomic_fetch_and_explicit((p), (v), memory_order_seq_cst)

#define atomic_flag_test_and_set_explicit(p, o) ((_Bool)__c11_exchange((p), 1, (o)))
#define atomic_flag_test_and_set(p) atomic_flag_test_and_set_explicit((p), memory_order_seq_cst)
#define atomic_flag_clear_explicit(p, o) __c11_store((p), 0, (o))
#define atomic_flag_clear(p) atomic_flag_clear_explicit((p), memory_order_seq_cst)

#endif
