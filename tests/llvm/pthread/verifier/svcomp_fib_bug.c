/* fib_bench with a bound one interleaving reaches (svcomp_fib.h). */
#define LIMIT 21
#define FAIL_CALL __VERIFIER_error
#include "svcomp_fib.h"
