/* phases_publish.h: the write before the consumer starts. */
#include "phases_publish.h"
