#define LD memory_order_relaxed
#define FIRST_CAS
#include "corr.h"
