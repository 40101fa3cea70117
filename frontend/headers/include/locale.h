/* locale.h for checkfence (both front ends): every program runs in the C
 * locale; setlocale and localeconv are not modelled. */
#ifndef _CHECKFENCE_LOCALE_H
#define _CHECKFENCE_LOCALE_H
#include <stddef.h>
#define LC_ALL 6
#define LC_CTYPE 0
#define LC_NUMERIC 1
struct lconv;
#endif
