/* iriw.c with a seq_cst fence where the original's comments mark one. */
#include <assert.h>
#include <stdint.h>
#include <pthread.h>
#include <stdatomic.h>

int x;
int y;

void* t0(void* data) {
    int register lx,ly;
    lx = x;
    atomic_thread_fence(memory_order_seq_cst); /* t0_fence */
    ly = y;
    return lx*10+ly;
}

void* t1(void* data) {
    y = 1;
}

void* t2(void* data) {
    int register lx,ly;
    ly = y;
    atomic_thread_fence(memory_order_seq_cst); /* t2_fence */
    lx = x;
    return lx*10+ly;
}

int main(int argc, char** argv) {
    pthread_t th1, th2, th3;
    int R1,R2;
    pthread_create(&th1, 0, &t0, 0);
    pthread_create(&th2, 0, &t1, 0);
    pthread_create(&th3, 0, &t2, 0);
    x = 1;
    pthread_join(th1, &R1);
    pthread_join(th2, NULL);
    pthread_join(th3, &R2);
    assert(R1!=10 || R2!=1);
    return 0;
}

