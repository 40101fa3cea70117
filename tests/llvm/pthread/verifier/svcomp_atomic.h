/* A program in SV-COMP's style: it declares the __VERIFIER_ functions
 * itself, defines reach_error and __VERIFIER_assert, and makes its
 * read-modify-writes atomic with __VERIFIER_atomic_begin/_end and with a
 * function whose name starts with __VERIFIER_atomic_. Three threads each
 * add 1 or 2 to a counter (__VERIFIER_nondet_bool) and record what they
 * added; main checks the sum. The including file defines BEGIN and END. */
#include <pthread.h>

extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "svcomp_atomic.h", 12, "reach_error"); }
extern _Bool __VERIFIER_nondet_bool(void);
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }

int counter;
int added[3];

void __VERIFIER_atomic_add(int k)
{
    int c = counter;
    counter = c + k;
}

void *adder(void *arg)
{
    int k = __VERIFIER_nondet_bool() ? 2 : 1;
    BEGIN();
    int c = counter;
    counter = c + k;
    END();
    added[(long)arg] = k;
    return 0;
}

void *atomic_adder(void *arg)
{
    __VERIFIER_atomic_add(1);
    added[(long)arg] = 1;
    return 0;
}

int main(void)
{
    pthread_t t[3];
    pthread_create(&t[0], 0, adder, (void *)0);
    pthread_create(&t[1], 0, adder, (void *)1);
    pthread_create(&t[2], 0, atomic_adder, (void *)2);
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], 0);
    __VERIFIER_assert(counter == added[0] + added[1] + added[2]);
    return 0;
}
