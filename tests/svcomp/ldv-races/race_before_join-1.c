// main reads the result a thread computes before it joins the thread.
#include <pthread.h>

int result;

void *work(void *arg) {
  result = 42;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, work, 0);
  int r = result;
  pthread_join(t, 0);
  return r == 42;
}
