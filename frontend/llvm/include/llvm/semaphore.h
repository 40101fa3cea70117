/* A minimal semaphore.h for the checkfence LLVM front end: sem_t is a
 * counter. sem_post increments it after the release fences; sem_wait spins
 * until it can decrement a positive count, then acquires, so a wait that no
 * post follows is a deadlock. sem_trywait returns 0 or -1 (errno is not
 * set). */
#ifndef _CHECKFENCE_SEMAPHORE_H
#define _CHECKFENCE_SEMAPHORE_H

typedef unsigned sem_t;

int sem_init(sem_t *sem, int pshared, unsigned value);
int sem_destroy(sem_t *sem);
int sem_wait(sem_t *sem);
int sem_trywait(sem_t *sem);
int sem_post(sem_t *sem);
int sem_getvalue(sem_t *sem, int *value);

#endif
