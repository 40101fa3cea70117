/* IRIW as a pthread program whose threads return what they read, from F. I.
 * van der Berg, "Model checking LLVM IR using LTSmin" (2013), appendix B
 * ("C Implementation(s) of Experiments"), as printed there without its line
 * numbers, but for the FENCE before each comment that marks where the
 * experiments put fences: nothing here, a seq_cst fence in iriw_fenced.c. */
#ifndef FENCE
#define FENCE
#endif
#include <assert.h>
#include <stdint.h>
#include <pthread.h>

int x;
int y;

void* t0(void* data) {
    int register lx,ly;
    lx = x;
    FENCE; // t0_fence
    ly = y;
    return lx*10+ly;
}

void* t1(void* data) {
    y = 1;
}

void* t2(void* data) {
    int register lx,ly;
    ly = y;
    FENCE; // t2_fence
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

