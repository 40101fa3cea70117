/* svcomp_fib_bug.c checked by an assert: the form that needs no shape rewrite (svcomp_fib.h). */
#define LIMIT 21
#define ASSERT_FORM
#include "svcomp_fib.h"
