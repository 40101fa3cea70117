/* strings.h for the checkfence LLVM front end: the string functions are
 * not modelled; the header exists so that programs that include it
 * compile. */
#ifndef _CHECKFENCE_STRINGS_H
#define _CHECKFENCE_STRINGS_H
#include <string.h>
#endif
