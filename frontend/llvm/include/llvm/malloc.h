/* malloc.h for the checkfence LLVM front end: malloc, calloc and free
 * (stdlib.h). */
#ifndef _CHECKFENCE_MALLOC_H
#define _CHECKFENCE_MALLOC_H
#include <stdlib.h>
#endif
