// Up to four threads, their number chosen at run time, each writes its own
// slot; main checks before it joins the last one.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
#define MAX 4

int slots[MAX];

void *thr(void *arg) {
  int id = (int)(long)arg;
  slots[id] = 1;
  return 0;
}

int main(void) {
  pthread_t t[MAX];
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > MAX) abort();
  for (int i = 0; i < n; i++)
    pthread_create(&t[i], 0, thr, (void *)(long)i);
  for (int i = 0; i < n - 1; i++)
    pthread_join(t[i], 0);
  for (int i = 0; i < n; i++)
    if (slots[i] != 1) reach_error();
  pthread_join(t[n - 1], 0);
  return 0;
}
