/* stdio_sleep.c printing through a null pointer (a FAIL). */
#define NULLARG
#include "stdio_sleep.c"
