// Thread-specific data through pthread keys: each thread sees its own
// value.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>
#include <stdlib.h>

pthread_key_t key;

void *thr(void *arg) {
  int *mine = malloc(sizeof(int));
  *mine = (int)(long)arg;
  pthread_setspecific(key, mine);
  int *seen = pthread_getspecific(key);
  if (*seen != (int)(long)arg) reach_error();
  free(seen);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_key_create(&key, 0);
  pthread_create(&t1, 0, thr, (void *)1L);
  pthread_create(&t2, 0, thr, (void *)2L);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
