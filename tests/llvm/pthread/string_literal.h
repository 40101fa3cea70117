/* String literals as data: a producer fills a char buffer from literals
 * (memcpy from a literal, an initialized local array, memset), then hands
 * it over with a release store; the consumer checks it against a pointer
 * to a literal after an acquire load. EXPECT1 is the second char the
 * consumer expects. */
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <assert.h>
char msg[8];
atomic_int ready;
static void *producer(void *arg) {
    char local[] = "pong";
    char padded[8] = "x";
    memcpy(msg, "pin", 3);
    msg[3] = local[3];
    memset(msg + 4, '!', 2);
    msg[6] = padded[1];
    atomic_store_explicit(&ready, 1, memory_order_release);
    return 0;
}
static void *consumer(void *arg) {
    const char *want = "ping!!";
    if (atomic_load_explicit(&ready, memory_order_acquire))
        assert(msg[1] == EXPECT1 && msg[3] == want[3] && msg[5] == want[5] && msg[6] == 0);
    return 0;
}
int main(void) {
    pthread_t p, c;
    pthread_create(&p, 0, producer, 0);
    pthread_create(&c, 0, consumer, 0);
    pthread_join(p, 0);
    pthread_join(c, 0);
    return 0;
}
