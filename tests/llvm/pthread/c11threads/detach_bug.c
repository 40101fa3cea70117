/* detach.c with an assertion the worker can break. */
#define BUG
#include "detach.c"
