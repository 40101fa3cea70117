/* sys/types.h for the checkfence LLVM front end: the POSIX types a
 * threaded program declares. */
#ifndef _CHECKFENCE_SYS_TYPES_H
#define _CHECKFENCE_SYS_TYPES_H
#include <stddef.h>
#include <pthread.h>
typedef long ssize_t;
typedef int pid_t;
typedef long off_t;
typedef unsigned uid_t;
typedef unsigned gid_t;
typedef long time_t;
#endif
