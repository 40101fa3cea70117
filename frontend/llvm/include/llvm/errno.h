/* Error numbers for the checkfence LLVM front end (the values of Linux):
 * pthread_mutex_trylock returns EBUSY. There is no errno variable. */
#ifndef _CHECKFENCE_ERRNO_H
#define _CHECKFENCE_ERRNO_H
#define EPERM 1
#define EAGAIN 11
#define EBUSY 16
#define EINVAL 22
#define EDEADLK 35
#define ETIMEDOUT 110
#endif
