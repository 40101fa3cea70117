// The stack without its lock, and the pusher publishes the new top before
// it writes the slot: the popper can read an empty slot.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>
#define SIZE 2

int top = 0;
int arr[SIZE];

void *pusher(void *arg) {
  for (int n = 0; n < SIZE; n++) {
    int t = top;
    if (t < SIZE) {
      top = t + 1;
      arr[t] = 7;
    }
  }
  return 0;
}

void *popper(void *arg) {
  for (int n = 0; n < SIZE; n++) {
    int t = top;
    if (t > 0) {
      top = t - 1;
      if (arr[t - 1] != 7) reach_error();
      arr[t - 1] = 0;
    }
  }
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, pusher, 0);
  pthread_create(&b, 0, popper, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
