/* setjmp.h for checkfence (both front ends): setjmp and longjmp are not
 * supported; a call of either is an error at the call. */
#ifndef _CHECKFENCE_SETJMP_H
#define _CHECKFENCE_SETJMP_H
typedef long jmp_buf[8];
int setjmp(jmp_buf env);
void longjmp(jmp_buf env, int val);
#endif
