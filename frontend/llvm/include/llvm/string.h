/* A minimal string.h for the checkfence LLVM front end: clang turns these
 * into LLVM's memcpy, memmove and memset intrinsics, which copy and fill
 * cell by cell (constant lengths only). The string functions (strlen,
 * strcmp, ...) are not modelled. */
#ifndef _CHECKFENCE_STRING_H
#define _CHECKFENCE_STRING_H
#include <stddef.h>

void *memcpy(void *dest, const void *src, size_t n);
void *memmove(void *dest, const void *src, size_t n);
void *memset(void *s, int c, size_t n);

#endif
