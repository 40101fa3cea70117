/* once.h with a plain flag instead of pthread_once (a FAIL). */
#define NOONCE
#include "once.h"
