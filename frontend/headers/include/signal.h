/* signal.h for checkfence (both front ends): signals are not modelled;
 * the types let programs that include the header compile, and a call of
 * signal or raise is an error at the call. */
#ifndef _CHECKFENCE_SIGNAL_H
#define _CHECKFENCE_SIGNAL_H
typedef int sig_atomic_t;
#define SIGABRT 6
#define SIGINT 2
#define SIGSEGV 11
#define SIGTERM 15
#endif
