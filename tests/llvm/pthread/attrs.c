/* Thread, mutex and condition variable attributes are ignored: a program
 * that sets them up (joinable threads, a normal mutex) checks as one that
 * passes NULL. */
#include <pthread.h>
#include <assert.h>

pthread_mutex_t m;
pthread_cond_t cv;
int counter;

static void *inc(void *arg)
{
    pthread_mutex_lock(&m);
    counter++;
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void)
{
    pthread_attr_t attr;
    pthread_mutexattr_t mattr;
    pthread_condattr_t cattr;
    pthread_t a, b;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_JOINABLE);
    pthread_attr_setstacksize(&attr, 1 << 16);
    pthread_mutexattr_init(&mattr);
    pthread_mutexattr_settype(&mattr, PTHREAD_MUTEX_ERRORCHECK);
    pthread_mutex_init(&m, &mattr);
    pthread_condattr_init(&cattr);
    pthread_cond_init(&cv, &cattr);
    pthread_create(&a, &attr, inc, 0);
    pthread_create(&b, &attr, inc, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    pthread_attr_destroy(&attr);
    pthread_mutexattr_destroy(&mattr);
    pthread_condattr_destroy(&cattr);
    assert(counter == 2);
    return 0;
}
