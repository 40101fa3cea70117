/* printf, fprintf, puts and usleep do nothing a check sees, but their
 * arguments are computed: with NULLARG the thread prints through a null
 * pointer, a runtime error. */
#include <stdio.h>
#include <unistd.h>
#include <pthread.h>
#include <assert.h>

int x;
int *p;

static void *worker(void *arg)
{
    usleep(10);
    x = 1;
    printf("worker: x = %d\n", x);
#ifdef NULLARG
    printf("%d\n", *p);
#endif
    return 0;
}

int main(void)
{
    pthread_t t;
    puts("starting");
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    fprintf(stderr, "x = %d\n", x);
    fflush(stdout);
    assert(x == 1);
    return 0;
}
