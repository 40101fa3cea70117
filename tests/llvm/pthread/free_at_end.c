/* Nodes freed at the end of main (free_at_end.h). */
#include "free_at_end.h"
