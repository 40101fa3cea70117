/* float.h for checkfence (both front ends): floating point is not
 * supported; the header exists so that programs that include it without
 * computing with floats compile. */
#ifndef _CHECKFENCE_FLOAT_H
#define _CHECKFENCE_FLOAT_H
#define FLT_RADIX 2
#define FLT_MANT_DIG 24
#define DBL_MANT_DIG 53
#define FLT_DIG 6
#define DBL_DIG 15
#endif
