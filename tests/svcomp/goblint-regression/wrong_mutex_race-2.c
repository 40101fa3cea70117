// In the style of an analyzer's regression test: the thread protects g
// with mutex A, main with mutex B.
// Expected verdict FALSE (no-data-race): the two writes of g hold
// different mutexes, so nothing orders them: a data race.
#include <pthread.h>

int g = 0;
pthread_mutex_t A = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t B = PTHREAD_MUTEX_INITIALIZER;

void *t_fun(void *arg) {
  pthread_mutex_lock(&A);
  g = g + 1;
  pthread_mutex_unlock(&A);
  return 0;
}

int main(void) {
  pthread_t id;
  pthread_create(&id, 0, t_fun, 0);
  pthread_mutex_lock(&B);
  g = g + 2;
  pthread_mutex_unlock(&B);
  pthread_join(id, 0);
  return 0;
}
