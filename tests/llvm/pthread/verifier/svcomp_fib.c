/* fib_bench with a bound no execution reaches (svcomp_fib.h). */
#define LIMIT 22
#define FAIL_CALL __VERIFIER_error
#include "svcomp_fib.h"
