/* lock_protects.c where one thread forgets the mutex: its increment
 * races with the other's. */
#include <pthread.h>
#include <assert.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
int counter;

static void *add_locked(void *arg)
{
    pthread_mutex_lock(&lock);
    counter = counter + 1;
    pthread_mutex_unlock(&lock);
    return 0;
}

static void *add_unlocked(void *arg)
{
    counter = counter + 1;
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, add_locked, 0);
    pthread_create(&b, 0, add_unlocked, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
