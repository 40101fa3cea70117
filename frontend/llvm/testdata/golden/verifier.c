/* The verification API of other checkers (verifier.go) and the unsigned
 * views of values (unsigned.go), in one program for the golden test. */
#include <genmc.h>

extern _Bool __VERIFIER_nondet_bool(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
extern void __VERIFIER_error(void);

int counter;
unsigned char level = 200;

void __VERIFIER_atomic_bump(void) { counter = counter + 1; }

int step(void)
{
    int v = __VERIFIER_nondet_int();
    __VERIFIER_assume(v >= 0 && v < 4);
    __VERIFIER_atomic_begin();
    int c = counter;
    if (__VERIFIER_nondet_bool())
        c = c + v;
    counter = c;
    __VERIFIER_atomic_end();
    __VERIFIER_atomic_bump();
    unsigned char u = __VERIFIER_nondet_uchar();
    if (u > level)
        __VERIFIER_error();
    return (unsigned)c / 2 + (u >> 1);
}
