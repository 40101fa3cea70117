/* phases_chain.h expecting 16: a FAIL. */
#define EXPECT 16
#include "phases_chain.h"
