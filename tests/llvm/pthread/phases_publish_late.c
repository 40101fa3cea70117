/* phases_publish.h: the write after the consumer starts (a FAIL). */
#define LATE
#include "phases_publish.h"
