/* fenv.h for checkfence (both front ends): floating point is not
 * supported; the header exists so that a program that includes it without
 * computing with floats compiles. */
#ifndef _CHECKFENCE_FENV_H
#define _CHECKFENCE_FENV_H
#endif
