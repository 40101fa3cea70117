/* sched_yield for the checkfence LLVM front end: it does nothing (every
 * interleaving is explored anyway) and returns 0. */
#ifndef _CHECKFENCE_SCHED_H
#define _CHECKFENCE_SCHED_H
int sched_yield(void);
#endif
