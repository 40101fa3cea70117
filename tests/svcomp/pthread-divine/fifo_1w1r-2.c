// The FIFO's reader tests for an empty buffer with if instead of while
// and the writer signals before it fills the slot: a reader can take a
// stale value.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>
#define CAP 2
#define N 3

int buf[CAP];
int head = 0, tail = 0, size = 0;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t notfull = PTHREAD_COND_INITIALIZER;
pthread_cond_t notempty = PTHREAD_COND_INITIALIZER;

void push(int v) {
  pthread_mutex_lock(&m);
  while (size == CAP) pthread_cond_wait(&notfull, &m);
  int at = tail;
  tail = (tail + 1) % CAP;
  size++;
  pthread_cond_signal(&notempty);
  pthread_mutex_unlock(&m);
  buf[at] = v;
}

int pop(void) {
  pthread_mutex_lock(&m);
  if (size == 0) pthread_cond_wait(&notempty, &m);
  int v = buf[head];
  head = (head + 1) % CAP;
  size--;
  pthread_cond_signal(&notfull);
  pthread_mutex_unlock(&m);
  return v;
}

void *writer(void *arg) {
  for (int i = 1; i <= N; i++) push(i);
  return 0;
}

void *reader(void *arg) {
  for (int i = 1; i <= N; i++)
    if (pop() != i) reach_error();
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
