/* SB as a pthread program whose threads return what they read, from F. I.
 * van der Berg, "Model checking LLVM IR using LTSmin" (2013), appendix B
 * ("C Implementation(s) of Experiments"), as printed there without its line
 * numbers, but for the FENCE before each comment that marks where the
 * experiments put fences: nothing here, a seq_cst fence in sb_fenced.c. */
#ifndef FENCE
#define FENCE
#endif
#include <assert.h>
#include <stdint.h>
#include <pthread.h>

int x;
int y;

void* t0(void* data) {
    x = 1;
    FENCE; // t0_fence
    return y;
}

void* t1(void* data) {
    y = 1;
    FENCE; // t1_fence
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
