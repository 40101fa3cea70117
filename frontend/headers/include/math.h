/* math.h for checkfence (both front ends): floating point is not
 * supported, so this header only lets a program that includes it without
 * computing with floats compile; a use of a float is an error at the use. */
#ifndef _CHECKFENCE_MATH_H
#define _CHECKFENCE_MATH_H
#endif
