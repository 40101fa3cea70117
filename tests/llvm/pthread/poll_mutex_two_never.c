/* Two pollers; the flag is never set: they go round together forever, each
 * reading the unlocks of the other (poll_mutex.h). */
#define POLLERS 2
#include "poll_mutex.h"
