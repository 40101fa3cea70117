/* The sequence lock of tests/fairness/seqlock.c without its fences (line
 * numbers in traces and fence locations are those of seqlock.c). What the
 * literature needs: nothing on tso; on pso two store-store fences in the
 * writer, around the data writes (the odd counter before the data, the
 * data before the even counter). */
#include "lsl_protos.h"
#define lsl_fence(kind) ((void)0)
#include "../fairness/seqlock.c"
