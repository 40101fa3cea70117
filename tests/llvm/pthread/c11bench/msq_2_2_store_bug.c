/* MS queue 2+2, Head swung with a plain store instead of a CAS. */
#define NENQ 2
#define NDEQ 2
#define STORE_BUG 1
#include "msq.h"
