/* A seqlock in C11 with every atomic relaxed: one writer, one reader
 * that retries until it reads a consistent pair. Published (Boehm, "Can
 * seqlocks get along with programming language memory models?", MSPC
 * 2012): the writer's first sequence store relaxed followed by a release
 * fence, its second sequence store release; the reader's first sequence
 * load acquire, an acquire fence before its second sequence load. */
#include <stdatomic.h>
#include <pthread.h>
#include <assert.h>

atomic_int seq, d1, d2;

void *writer(void *arg)
{
    int s = atomic_load_explicit(&seq, memory_order_relaxed);
    atomic_store_explicit(&seq, s + 1, memory_order_relaxed);
    atomic_store_explicit(&d1, 1, memory_order_relaxed);
    atomic_store_explicit(&d2, 1, memory_order_relaxed);
    atomic_store_explicit(&seq, s + 2, memory_order_relaxed);
    return NULL;
}

void *reader(void *arg)
{
    int s0 = atomic_load_explicit(&seq, memory_order_relaxed);
    int a = atomic_load_explicit(&d1, memory_order_relaxed);
    int b = atomic_load_explicit(&d2, memory_order_relaxed);
    int s1 = atomic_load_explicit(&seq, memory_order_relaxed);
    if (s0 == s1 && s0 % 2 == 0)
        assert(a == b);
    return NULL;
}

int main(void)
{
    pthread_t w, r;
    pthread_create(&w, NULL, writer, NULL);
    pthread_create(&r, NULL, reader, NULL);
    pthread_join(w, NULL);
    pthread_join(r, NULL);
    return 0;
}
