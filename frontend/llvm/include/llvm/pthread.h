/* A minimal pthread.h for the checkfence LLVM front end (the C front end
 * does not read it). A main that starts threads with pthread_create and
 * waits for them with pthread_join becomes a test of its own; mutexes and
 * pthread spinlocks are the spinlocks of lsl_lock and lsl_unlock. A
 * condition variable counts its signals: a wait releases the mutex, spins
 * until the count changes and acquires the mutex again (or wakes
 * spuriously; a signal wakes every waiter). Attributes are ignored. */
#ifndef _CHECKFENCE_PTHREAD_H
#define _CHECKFENCE_PTHREAD_H
#include <stddef.h>
#include <errno.h>
#include <sched.h>

typedef unsigned long pthread_t;
typedef struct __checkfence_pthread_attr *pthread_attr_t;
typedef unsigned pthread_mutex_t;
typedef struct __checkfence_pthread_mutexattr *pthread_mutexattr_t;
typedef unsigned pthread_cond_t;
typedef struct __checkfence_pthread_condattr *pthread_condattr_t;

#define PTHREAD_MUTEX_INITIALIZER 0
#define PTHREAD_COND_INITIALIZER 0

/* attributes are ignored; a detached thread or a recursive mutex is an
 * error (main joins every thread; a mutex is a spinlock) */
#define PTHREAD_CREATE_JOINABLE 0
#define PTHREAD_CREATE_DETACHED 1
#define PTHREAD_MUTEX_NORMAL 0
#define PTHREAD_MUTEX_RECURSIVE 1
#define PTHREAD_MUTEX_ERRORCHECK 2
#define PTHREAD_MUTEX_DEFAULT PTHREAD_MUTEX_NORMAL
int pthread_attr_init(pthread_attr_t *attr);
int pthread_attr_destroy(pthread_attr_t *attr);
int pthread_attr_setstacksize(pthread_attr_t *attr, size_t stacksize);
int pthread_attr_setdetachstate(pthread_attr_t *attr, int detachstate);
int pthread_mutexattr_init(pthread_mutexattr_t *attr);
int pthread_mutexattr_destroy(pthread_mutexattr_t *attr);
int pthread_mutexattr_settype(pthread_mutexattr_t *attr, int type);
int pthread_condattr_init(pthread_condattr_t *attr);
int pthread_condattr_destroy(pthread_condattr_t *attr);

int pthread_create(pthread_t *thread, const pthread_attr_t *attr,
                   void *(*start_routine)(void *), void *arg);
int pthread_join(pthread_t thread, void **retval); /* retval receives the result */
/* only when main joins none of its threads: they are all detached then */
int pthread_detach(pthread_t thread);
/* only in the thread function itself, where it is a return */
void pthread_exit(void *retval) __attribute__((noreturn));

int pthread_mutex_init(pthread_mutex_t *mutex, const pthread_mutexattr_t *attr);
int pthread_mutex_lock(pthread_mutex_t *mutex);
int pthread_mutex_unlock(pthread_mutex_t *mutex);
int pthread_mutex_trylock(pthread_mutex_t *mutex); /* 0, or EBUSY */
int pthread_mutex_destroy(pthread_mutex_t *mutex);

/* spinlocks are the mutexes' spinlock */
typedef unsigned pthread_spinlock_t;
int pthread_spin_init(pthread_spinlock_t *lock, int pshared);
int pthread_spin_lock(pthread_spinlock_t *lock);
int pthread_spin_unlock(pthread_spinlock_t *lock);
int pthread_spin_trylock(pthread_spinlock_t *lock); /* 0, or EBUSY */
int pthread_spin_destroy(pthread_spinlock_t *lock);

/* a barrier counts the threads that ever arrived; the one that completes
 * a round gets PTHREAD_BARRIER_SERIAL_THREAD */
typedef struct { unsigned __arrivals, __n; } pthread_barrier_t;
typedef struct __checkfence_pthread_barrierattr *pthread_barrierattr_t;
#define PTHREAD_BARRIER_SERIAL_THREAD (-1)
int pthread_barrier_init(pthread_barrier_t *barrier,
                         const pthread_barrierattr_t *attr, unsigned count);
int pthread_barrier_wait(pthread_barrier_t *barrier);
int pthread_barrier_destroy(pthread_barrier_t *barrier);

/* pthread_once: 0 before the first call, 1 while init runs, 2 after */
typedef int pthread_once_t;
#define PTHREAD_ONCE_INIT 0
int pthread_once(pthread_once_t *once, void (*init)(void));

/* a read-write lock counts its readers, or is -1 while a writer holds it */
typedef int pthread_rwlock_t;
typedef struct __checkfence_pthread_rwlockattr *pthread_rwlockattr_t;
#define PTHREAD_RWLOCK_INITIALIZER 0
int pthread_rwlock_init(pthread_rwlock_t *lock, const pthread_rwlockattr_t *attr);
int pthread_rwlock_rdlock(pthread_rwlock_t *lock);
int pthread_rwlock_wrlock(pthread_rwlock_t *lock);
int pthread_rwlock_unlock(pthread_rwlock_t *lock);
int pthread_rwlock_destroy(pthread_rwlock_t *lock);

/* thread-specific data: a key is an index into a thread-local table of
 * __CHECKFENCE_KEYS values (a further key traps). Destructors are not run
 * when a thread ends. */
typedef unsigned pthread_key_t;
#define __CHECKFENCE_KEYS 8
#define PTHREAD_KEYS_MAX __CHECKFENCE_KEYS
__attribute__((weak)) unsigned __checkfence_keys_created;
__attribute__((weak)) __thread void *__checkfence_key_values[__CHECKFENCE_KEYS];
static int pthread_key_create(pthread_key_t *key, void (*destructor)(void *)) {
  (void)destructor;
  unsigned k = __atomic_fetch_add(&__checkfence_keys_created, 1, __ATOMIC_SEQ_CST);
  if (k >= __CHECKFENCE_KEYS)
    __builtin_trap();
  *key = k;
  return 0;
}
static int pthread_key_delete(pthread_key_t key) { (void)key; return 0; }
static void *pthread_getspecific(pthread_key_t key) {
  if (key >= __CHECKFENCE_KEYS)
    __builtin_trap();
  return __checkfence_key_values[key];
}
static int pthread_setspecific(pthread_key_t key, const void *value) {
  if (key >= __CHECKFENCE_KEYS)
    __builtin_trap();
  __checkfence_key_values[key] = (void *)value;
  return 0;
}

int pthread_cond_init(pthread_cond_t *cond, const pthread_condattr_t *attr);
int pthread_cond_destroy(pthread_cond_t *cond);
int pthread_cond_wait(pthread_cond_t *cond, pthread_mutex_t *mutex);
int pthread_cond_signal(pthread_cond_t *cond);
int pthread_cond_broadcast(pthread_cond_t *cond);

#endif
