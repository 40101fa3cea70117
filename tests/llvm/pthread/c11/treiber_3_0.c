/* Treiber stack, 3 pushers and no poppers: a push whose CAS fails retries
 * with the value it read. Until 2026-11-23 a failed CAS read out of
 * coherence order on relaxed (Top = A, B, A, ...), so the push loop never
 * converged (tests/llvm_test.go, TestFailedCASRetryConverges). */
#define NPUSH 3
#define NPOP 0
#include "treiber.h"
