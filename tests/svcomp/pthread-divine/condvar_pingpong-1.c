// Two threads take turns through a condition variable, three rounds each.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>
#define ROUNDS 3

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int turn = 0, moves = 0;

void *player(void *arg) {
  int me = (int)(long)arg;
  for (int i = 0; i < ROUNDS; i++) {
    pthread_mutex_lock(&m);
    while (turn != me) pthread_cond_wait(&c, &m);
    if (moves % 2 != me) reach_error();
    moves++;
    turn = 1 - me;
    pthread_cond_broadcast(&c);
    pthread_mutex_unlock(&m);
  }
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, player, (void *)0L);
  pthread_create(&b, 0, player, (void *)1L);
  pthread_join(a, 0);
  pthread_join(b, 0);
  if (moves != 2 * ROUNDS) reach_error();
  return 0;
}
