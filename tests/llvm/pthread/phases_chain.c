/* phases_chain.h: 1 doubled three times is 8. */
#define EXPECT 8
#include "phases_chain.h"
