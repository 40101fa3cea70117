/* early_return.h with the data the writer stores. */
#define WANT 42
#include "early_return.h"
