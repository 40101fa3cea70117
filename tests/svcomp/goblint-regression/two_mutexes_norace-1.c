// In the style of an analyzer's regression test: two globals, each
// protected by its own mutex in every access, one thread taking the locks
// nested (A then B), the other one at a time; main reads both after the
// join.
// Expected verdict TRUE (no-data-race): every access of x holds A and
// every access of y holds B (main's come after pthread_join), so all
// conflicting accesses are ordered by a mutex or by the join. The lock
// order A then B is the only nesting, so there is no deadlock either.
#include <pthread.h>

int x = 0, y = 0;
pthread_mutex_t A = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t B = PTHREAD_MUTEX_INITIALIZER;

void *t_fun(void *arg) {
  pthread_mutex_lock(&A);
  pthread_mutex_lock(&B);
  x = x + 1;
  y = y + 1;
  pthread_mutex_unlock(&B);
  pthread_mutex_unlock(&A);
  return 0;
}

int main(void) {
  pthread_t id;
  pthread_create(&id, 0, t_fun, 0);
  pthread_mutex_lock(&A);
  x = x + 10;
  pthread_mutex_unlock(&A);
  pthread_mutex_lock(&B);
  y = y + 20;
  pthread_mutex_unlock(&B);
  pthread_join(id, 0);
  return x + y;
}
