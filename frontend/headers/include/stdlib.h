#ifndef _CHECKFENCE_STDLIB_H
#define _CHECKFENCE_STDLIB_H
#include <stddef.h>
/* malloc and free behave like lsl_malloc and lsl_free (a pool allocator). */
void *malloc(size_t size);
void free(void *ptr);
/* abort ends the thread with a runtime failure. */
void abort(void);
/* --frontend clang only: calloc is malloc whose cells are set to 0;
 * exit(status) with a status other than 0 is a failure like abort, and
 * exit(0) ends a pthread main after its last pthread_join. */
void *calloc(size_t n, size_t size);
/* --frontend clang only: aligned_alloc is malloc (alignment is not
 * modelled). */
void *aligned_alloc(size_t alignment, size_t size);
void exit(int status);
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#endif
