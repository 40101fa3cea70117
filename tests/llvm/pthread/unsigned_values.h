/* Unsigned values at and above their type's signed maximum, which clang
 * writes as negative constants (unsigned char 200 is i8 -56): zext,
 * unsigned comparisons, udiv, urem, lshr and atomicrmw umax read them as unsigned
 * (frontend/llvm/unsigned.go). A thread writes one of them so that main
 * is a pthread program; the including file defines CHECK, main's claims. */
#include <pthread.h>
#include <assert.h>

unsigned char small = 200;
unsigned int big = 4000000000u;
unsigned short mid;

void *writer(void *arg)
{
    mid = 65000;
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, writer, 0);
    pthread_join(t, 0);
    unsigned char wrapped = small + 100;
    unsigned int high = 5;
    __atomic_fetch_max(&high, big, __ATOMIC_SEQ_CST); /* atomicrmw umax */
    CHECK;
    return 0;
}
