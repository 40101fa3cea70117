/* MS queue 3+3; main frees every node at the end. */
#define NENQ 3
#define NDEQ 3
#define FREE 1
#include "msq.h"
