#ifndef _CHECKFENCE_STDNORETURN_H
#define _CHECKFENCE_STDNORETURN_H
#define noreturn _Noreturn
#endif
