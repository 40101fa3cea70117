/* fib_bench reaching abort() instead of __VERIFIER_error(): main returns
 * from the middle of its body, after its joins (svcomp_fib.h). */
#define LIMIT 21
#define FAIL_CALL abort
#include "svcomp_fib.h"
