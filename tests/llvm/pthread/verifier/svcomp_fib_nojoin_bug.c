/* fib_bench without joins, with a bound main sees when it runs last (svcomp_fib_nojoin.h). */
#define LIMIT 21
#include "svcomp_fib_nojoin.h"
