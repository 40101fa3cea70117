/* C11 threads (<threads.h>) for the checkfence LLVM front end, on top of
 * its pthread.h: each function is the pthread call with the same meaning,
 * so a main that starts threads with thrd_create and waits for them with
 * thrd_join is a test of its own, mutexes are spinlocks, condition
 * variables count their signals, and call_once is pthread_once (see
 * pthread.h and docs/c-conventions.md). They are macros: thrd_create and
 * thrd_join must be called in main itself, as pthread_create and
 * pthread_join must. Not supported (errors where they are called):
 * thrd_current, thrd_equal, thrd_sleep's duration,
 * recursive and timed mutexes, timed waits, and thread-specific storage. */
#ifndef _CHECKFENCE_THREADS_H
#define _CHECKFENCE_THREADS_H
#include <pthread.h>

enum { thrd_success = 0, thrd_busy = 1, thrd_error = 2, thrd_nomem = 3, thrd_timedout = 4 };
enum { mtx_plain = 0, mtx_recursive = 1, mtx_timed = 2 };

typedef pthread_t thrd_t;
typedef int (*thrd_start_t)(void *);
typedef pthread_mutex_t mtx_t;
typedef pthread_cond_t cnd_t;
typedef pthread_once_t once_flag;
#define ONCE_FLAG_INIT PTHREAD_ONCE_INIT

/* called for what cannot be modelled: the front end reports the call */
int __checkfence_recursive_or_timed_mutex_not_supported(void);

#define thrd_create(thr, func, arg) \
    (pthread_create((thr), 0, (void *(*)(void *))(func), (arg)) == 0 ? thrd_success : thrd_error)
/* the thread function's int result reaches *res (a pointer to int) */
#define thrd_join(thr, res) \
    (pthread_join((thr), (void **)(res)) == 0 ? thrd_success : thrd_error)
/* only when main joins none of its threads, as pthread_detach */
#define thrd_detach(thr) (pthread_detach(thr) == 0 ? thrd_success : thrd_error)
#define thrd_exit(res) pthread_exit((void *)(long)(res))
#define thrd_yield() ((void)sched_yield())

#define mtx_init(mtx, type) \
    ((type) == mtx_plain ? (pthread_mutex_init((mtx), 0), thrd_success) \
                         : __checkfence_recursive_or_timed_mutex_not_supported())
#define mtx_lock(mtx) (pthread_mutex_lock(mtx), thrd_success)
#define mtx_trylock(mtx) (pthread_mutex_trylock(mtx) == 0 ? thrd_success : thrd_busy)
#define mtx_unlock(mtx) (pthread_mutex_unlock(mtx), thrd_success)
#define mtx_destroy(mtx) ((void)pthread_mutex_destroy(mtx))

#define cnd_init(cond) (pthread_cond_init((cond), 0), thrd_success)
#define cnd_wait(cond, mtx) (pthread_cond_wait((cond), (mtx)), thrd_success)
#define cnd_signal(cond) (pthread_cond_signal(cond), thrd_success)
#define cnd_broadcast(cond) (pthread_cond_broadcast(cond), thrd_success)
#define cnd_destroy(cond) ((void)pthread_cond_destroy(cond))

#define call_once(flag, func) ((void)pthread_once((flag), (func)))
#endif
