/* MS queue 2+2; main frees every node at the end. */
#define NENQ 2
#define NDEQ 2
#define FREE 1
#include "msq.h"
