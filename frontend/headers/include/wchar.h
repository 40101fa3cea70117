/* wchar.h for checkfence (both front ends): the types only; wide
 * character and string functions are not modelled. */
#ifndef _CHECKFENCE_WCHAR_H
#define _CHECKFENCE_WCHAR_H
#include <stddef.h>
typedef unsigned wint_t;
#define WEOF ((wint_t)-1)
#endif
