/* svcomp_fib.c checked by an assert: the form that needs no shape rewrite (svcomp_fib.h). */
#define LIMIT 22
#define ASSERT_FORM
#include "svcomp_fib.h"
