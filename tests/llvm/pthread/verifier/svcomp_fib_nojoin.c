/* fib_bench without joins, with a bound no execution reaches (svcomp_fib_nojoin.h). */
#define LIMIT 22
#include "svcomp_fib_nojoin.h"
