/* Nondeterministic choices that only steer the program: the writer's
 * choice picks a branch, main's is a register. The assertion fails for
 * one choice of each, which the trace shows (report: choose rows). */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern void __VERIFIER_assume(int);
extern void __VERIFIER_assert(int);

int x;

void *writer(void *arg)
{
    if (__VERIFIER_nondet_bool())
        x = 1;
    else
        x = 2;
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, writer, 0);
    int k = __VERIFIER_nondet_int();
    __VERIFIER_assume(k >= 0 && k <= 3);
    pthread_join(t, 0);
    __VERIFIER_assert(x != 2 || k != 3);
    return 0;
}
