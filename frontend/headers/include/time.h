/* time.h for checkfence (both front ends): the types, so that programs
 * that declare timeouts compile. Time is not modelled: nanosleep does
 * nothing and returns 0 (every interleaving a delay could bring about is
 * checked anyway); reading a clock (time, clock, clock_gettime) is a call
 * of a function that is not defined. */
#ifndef _CHECKFENCE_TIME_H
#define _CHECKFENCE_TIME_H
#include <stddef.h>
typedef long time_t;
typedef long clock_t;
typedef int clockid_t;
struct timespec { time_t tv_sec; long tv_nsec; };
#define CLOCKS_PER_SEC 1000000L
#define CLOCK_REALTIME 0
#define CLOCK_MONOTONIC 1
#define TIME_UTC 1
int nanosleep(const struct timespec *req, struct timespec *rem);
time_t time(time_t *t);
clock_t clock(void);
int clock_gettime(clockid_t clk, struct timespec *tp);
#endif
