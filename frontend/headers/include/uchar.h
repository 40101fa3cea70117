/* uchar.h for checkfence (both front ends): the types only. */
#ifndef _CHECKFENCE_UCHAR_H
#define _CHECKFENCE_UCHAR_H
#include <stdint.h>
typedef uint16_t char16_t;
typedef uint32_t char32_t;
#endif
