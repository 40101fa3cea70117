/* complex.h for checkfence (both front ends): floating point is not
 * supported; the header exists so that a program that includes it without
 * computing with floats compiles. */
#ifndef _CHECKFENCE_COMPLEX_H
#define _CHECKFENCE_COMPLEX_H
#endif
