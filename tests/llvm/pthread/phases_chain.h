/* One pthread_t reused for three threads, each created after the last is
 * joined, with the argument main computed from the previous result: the
 * thread doubles it. EXPECT is what main asserts at the end. */
#include <pthread.h>
#include <assert.h>

static void *twice(void *arg) { return (void *)((long)arg * 2); }

int main(void)
{
    pthread_t t;
    void *r;
    long v = 1;
    for (int i = 0; i < 3; i++) {
        pthread_create(&t, 0, twice, (void *)v);
        pthread_join(t, &r);
        v = (long)r;
    }
    assert(v == EXPECT);
    return 0;
}
