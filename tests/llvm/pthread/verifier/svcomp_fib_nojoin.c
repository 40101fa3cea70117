/* fib_bench as published, without joins, with a bound no execution reaches (svcomp_fib.h). */
#define LIMIT 22
#define FAIL_CALL reach_error
#define NOJOIN
#include "svcomp_fib.h"
