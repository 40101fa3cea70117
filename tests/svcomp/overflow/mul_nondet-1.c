// Each thread squares its own input, a short: the squares fit in an int.
#include <pthread.h>
extern short __VERIFIER_nondet_short(void);

int in[2], out[2];

void *square(void *arg) {
  int id = (int)(long)arg;
  out[id] = in[id] * in[id];
  return 0;
}

int main(void) {
  pthread_t a, b;
  for (int i = 0; i < 2; i++)
    in[i] = __VERIFIER_nondet_short();
  pthread_create(&a, 0, square, (void *)0L);
  pthread_create(&b, 0, square, (void *)1L);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return out[0] - out[1] > 0;
}
