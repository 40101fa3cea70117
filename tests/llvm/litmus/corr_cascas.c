#define LD memory_order_relaxed
#define FIRST_CAS
#define SECOND_CAS
#include "corr.h"
