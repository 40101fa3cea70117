// A writer publishes data and then sets a flag; the reader waits for the
// flag under the mutex, but the writer sets the flag before the data.
// Expected verdict FALSE: the reader can see flag == 1 (set in the
// writer's first critical section) while data is still 0 (written in its
// second), and then calls reach_error().
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int flag = 0, data = 0;

void *writer(void *arg) {
  pthread_mutex_lock(&m);
  flag = 1;
  pthread_mutex_unlock(&m);
  pthread_mutex_lock(&m);
  data = 42;
  pthread_mutex_unlock(&m);
  return 0;
}

void *reader(void *arg) {
  pthread_mutex_lock(&m);
  if (flag == 1 && data != 42) reach_error();
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t w, r;
  pthread_create(&w, 0, writer, 0);
  pthread_create(&r, 0, reader, 0);
  pthread_join(w, 0);
  pthread_join(r, 0);
  return 0;
}
