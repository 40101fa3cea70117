/* The counter's updates in atomic sections: no update is lost. */
#define BEGIN __VERIFIER_atomic_begin
#define END __VERIFIER_atomic_end
#include "svcomp_atomic.h"
