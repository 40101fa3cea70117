// A thread negates a value another thread may have set to INT_MIN; the
// division by -1 overflows the same way.
#include <pthread.h>
#include <limits.h>

int v = 5, r;

void *setter(void *arg) {
  v = INT_MIN;
  return 0;
}

void *user(void *arg) {
  int x = v;
  r = x / -1;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, setter, 0);
  pthread_create(&b, 0, user, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
