/* once.h with pthread_once: a PASS. */
#include "once.h"
