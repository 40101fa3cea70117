/* wctype.h for checkfence (both front ends): the types only. */
#ifndef _CHECKFENCE_WCTYPE_H
#define _CHECKFENCE_WCTYPE_H
#include <wchar.h>
typedef unsigned long wctype_t;
#endif
