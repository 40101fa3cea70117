/* sb.c with a seq_cst fence where the original's comments mark one. */
#include <assert.h>
#include <stdint.h>
#include <pthread.h>
#include <stdatomic.h>

int x;
int y;

void* t0(void* data) {
    x = 1;
    atomic_thread_fence(memory_order_seq_cst); /* t0_fence */
    return y;
}

void* t1(void* data) {
    y = 1;
    atomic_thread_fence(memory_order_seq_cst); /* t1_fence */
    return x;
}

int main(int argc, char** argv) {
    pthread_t th1, th2;
    int R1;
    int R2;
    pthread_create(&th1, 0, &t0, 0);
    pthread_create(&th2, 0, &t1, 0);
    pthread_join(th1, &R1);
    pthread_join(th2, &R2);
    assert( R1 || R2 );
    return 0;
}
