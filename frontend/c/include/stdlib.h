#ifndef _CHECKFENCE_STDLIB_H
#define _CHECKFENCE_STDLIB_H
#include <stddef.h>
/* malloc and free behave like lsl_malloc and lsl_free (a pool allocator). */
void *malloc(size_t size);
void free(void *ptr);
/* abort ends the thread with a runtime failure. */
void abort(void);
#endif
