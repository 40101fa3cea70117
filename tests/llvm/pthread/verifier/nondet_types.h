/* The ranges of SV-COMP's __VERIFIER_nondet_ functions: two threads each
 * publish a nondeterministic value of one type, and main checks what it
 * can say about them. The including file defines CHECK, main's claim. */
#include <pthread.h>

extern unsigned int __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern void __VERIFIER_assert(int);

unsigned int u;
char c;
_Bool b;

void *pick_unsigned(void *arg) { u = __VERIFIER_nondet_uint(); return 0; }
void *pick_char(void *arg)
{
    c = __VERIFIER_nondet_char();
    b = __VERIFIER_nondet_bool();
    return 0;
}

int main(void)
{
    pthread_t t1, t2;
    pthread_create(&t1, 0, pick_unsigned, 0);
    pthread_create(&t2, 0, pick_char, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    __VERIFIER_assert(CHECK);
    return 0;
}
