/* A minimal unistd.h for checkfence (both front ends): time is not
 * modelled, so sleep and usleep do nothing (every interleaving a delay
 * could bring about is checked anyway) and return 0. */
#ifndef _CHECKFENCE_UNISTD_H
#define _CHECKFENCE_UNISTD_H

unsigned sleep(unsigned seconds);
int usleep(unsigned microseconds);

#endif
