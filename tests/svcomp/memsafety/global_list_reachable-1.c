// Two threads push a node each on a global list under a mutex; the
// program ends with the nodes still on the list.
// Expected verdict TRUE (valid-memsafety): every dereference is of a node
// malloc returned (checked for NULL), nothing is freed, and at the end
// both nodes are still reachable from the global head: memory still
// pointed to when the program ends violates valid-memcleanup, not
// valid-memtrack (SV-COMP's rules: valid-memtrack is "definitely lost").
#include <pthread.h>
#include <stdlib.h>

struct node { int v; struct node *next; };
struct node *head = 0;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *push(void *arg) {
  struct node *n = malloc(sizeof(struct node));
  if (!n) return 0;
  n->v = (int)(long)arg;
  pthread_mutex_lock(&m);
  n->next = head;
  head = n;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, push, (void *)1L);
  pthread_create(&b, 0, push, (void *)2L);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
