/* early_return.h expecting other data: the check after the early return fails. */
#define WANT 41
#include "early_return.h"
