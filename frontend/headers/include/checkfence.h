#ifndef _CHECKFENCE_H
#define _CHECKFENCE_H
#include <lsl_protos.h>
#endif
