// main reads the result a thread computes after it joins the thread.
#include <pthread.h>

int result;

void *work(void *arg) {
  result = 42;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, work, 0);
  pthread_join(t, 0);
  int r = result;
  return r == 42;
}
