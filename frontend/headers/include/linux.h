/*
 * checkfence's Linux-kernel primitives: the memory-model part of the
 * kernel's API (herd's linux-kernel.def), for programs checked on the
 * Linux-kernel memory model (--model lkmm, or linux-kernel.cat). Each
 * access carries the model's annotation (docs/models.md, "The
 * Linux-kernel memory model"); on a .mm model the barriers are fences of
 * the matching kind. Values are int; spinlock_t and atomic_t are ints.
 */
#ifndef _CHECKFENCE_LINUX_H
#define _CHECKFENCE_LINUX_H

int __lkmm_load(volatile void *p, const char *ann);
void __lkmm_store(volatile void *p, int v, const char *ann);
void __lkmm_fence(const char *kind);
int __lkmm_xchg(volatile void *p, int v, const char *ann);
int __lkmm_cmpxchg(volatile void *p, int old, int new_value, const char *ann);
int __lkmm_fetch_add(volatile void *p, int v, const char *ann);
void __lkmm_add(volatile void *p, int v);
void __lkmm_spin_lock(volatile void *lock);
void __lkmm_spin_unlock(volatile void *lock);

typedef int spinlock_t;
typedef int atomic_t;
#define DEFINE_SPINLOCK(x) spinlock_t x = 0
#define ATOMIC_INIT(v) (v)

#define READ_ONCE(x) __lkmm_load(&(x), "ONCE")
#define WRITE_ONCE(x, v) __lkmm_store(&(x), (v), "ONCE")
#define smp_load_acquire(p) __lkmm_load((p), "ACQUIRE")
#define smp_store_release(p, v) __lkmm_store((p), (v), "RELEASE")

#define smp_mb() __lkmm_fence("MB")
#define smp_rmb() __lkmm_fence("Rmb")
#define smp_wmb() __lkmm_fence("Wmb")
#define barrier() __lkmm_fence("Barrier")
#define smp_mb__before_atomic() __lkmm_fence("Before-atomic")
#define smp_mb__after_atomic() __lkmm_fence("After-atomic")
#define smp_mb__after_spinlock() __lkmm_fence("After-spinlock")
#define rcu_read_lock() __lkmm_fence("Rcu-lock")
#define rcu_read_unlock() __lkmm_fence("Rcu-unlock")
#define synchronize_rcu() __lkmm_fence("Sync-rcu")

#define xchg(p, v) __lkmm_xchg((p), (v), "MB")
#define xchg_relaxed(p, v) __lkmm_xchg((p), (v), "ONCE")
#define xchg_acquire(p, v) __lkmm_xchg((p), (v), "ACQUIRE")
#define xchg_release(p, v) __lkmm_xchg((p), (v), "RELEASE")
#define cmpxchg(p, o, n) __lkmm_cmpxchg((p), (o), (n), "MB")
#define cmpxchg_relaxed(p, o, n) __lkmm_cmpxchg((p), (o), (n), "ONCE")
#define cmpxchg_acquire(p, o, n) __lkmm_cmpxchg((p), (o), (n), "ACQUIRE")
#define cmpxchg_release(p, o, n) __lkmm_cmpxchg((p), (o), (n), "RELEASE")

#define atomic_read(v) __lkmm_load((v), "ONCE")
#define atomic_set(v, i) __lkmm_store((v), (i), "ONCE")
#define atomic_add(i, v) __lkmm_add((v), (i))
#define atomic_inc(v) __lkmm_add((v), 1)
#define atomic_dec(v) __lkmm_add((v), -1)
#define atomic_fetch_add(i, v) __lkmm_fetch_add((v), (i), "MB")
#define atomic_fetch_add_relaxed(i, v) __lkmm_fetch_add((v), (i), "ONCE")
#define atomic_add_return(i, v) (__lkmm_fetch_add((v), (i), "MB") + (i))
#define atomic_inc_return(v) (__lkmm_fetch_add((v), 1, "MB") + 1)
#define atomic_xchg(v, i) __lkmm_xchg((v), (i), "MB")
#define atomic_cmpxchg(v, o, n) __lkmm_cmpxchg((v), (o), (n), "MB")

#define spin_lock(l) __lkmm_spin_lock(l)
#define spin_unlock(l) __lkmm_spin_unlock(l)

#endif
