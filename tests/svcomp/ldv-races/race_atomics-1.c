// A flag and a counter accessed only through C11 atomics: no data race.
#include <pthread.h>
#include <stdatomic.h>

atomic_int flag, counter;

void *thr(void *arg) {
  atomic_fetch_add(&counter, 1);
  atomic_store(&flag, 1);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, thr, 0);
  pthread_create(&b, 0, thr, 0);
  while (atomic_load(&flag) == 0) {}
  pthread_join(a, 0);
  pthread_join(b, 0);
  return atomic_load(&counter);
}
