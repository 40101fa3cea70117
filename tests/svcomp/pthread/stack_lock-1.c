// A bounded stack shared by a pusher and a popper under one lock: a pop
// never sees a slot the pusher has not written.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>
#define SIZE 2

int top = 0;
int arr[SIZE];
pthread_mutex_t m;

void *pusher(void *arg) {
  for (int n = 0; n < SIZE; n++) {
    pthread_mutex_lock(&m);
    if (top < SIZE) {
      arr[top] = 7;
      top++;
    }
    pthread_mutex_unlock(&m);
  }
  return 0;
}

void *popper(void *arg) {
  for (int n = 0; n < SIZE; n++) {
    pthread_mutex_lock(&m);
    if (top > 0) {
      top--;
      if (arr[top] != 7) reach_error();
      arr[top] = 0;
    }
    pthread_mutex_unlock(&m);
  }
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_mutex_init(&m, 0);
  pthread_create(&a, 0, pusher, 0);
  pthread_create(&b, 0, popper, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
