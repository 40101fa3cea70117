/* fib_bench as published, without joins, with a bound main sees when it runs last (svcomp_fib.h). */
#define LIMIT 21
#define FAIL_CALL reach_error
#define NOJOIN
#include "svcomp_fib.h"
