/* The kernel's container_of, whose offset is the address of a member of
 * a struct at address 0: ((T *)((char *)(p) - (unsigned long)&((T *)0)->m)).
 * clang leaves that offset as a constant expression on null, also as an
 * array index. A thread pushes items on an intrusive list under a mutex;
 * main walks it from the links back to the items. SUM is the sum of the
 * values main expects. */
#include <pthread.h>
#include <assert.h>
struct link { struct link *next; };
struct item { int key; struct link link; int val; };
#define container_of(p, T, m) ((T *)((char *)(p) - (unsigned long)(&((T *)0)->m)))
#define OFFSET_INDEX(T, m) ((unsigned long)(&((T *)0)->m) / sizeof(int))
struct item items[2];
struct link *head;
int seen[6];
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static void *pusher(void *arg) {
    struct item *it = arg;
    pthread_mutex_lock(&lock);
    it->link.next = head;
    head = &it->link;
    pthread_mutex_unlock(&lock);
    return 0;
}
int main(void) {
    pthread_t a, b;
    items[0].val = 3;
    items[1].val = 4;
    pthread_create(&a, 0, pusher, &items[0]);
    pthread_create(&b, 0, pusher, &items[1]);
    pthread_join(a, 0);
    pthread_join(b, 0);
    int sum = 0;
    for (struct link *l = head; l; l = l->next)
        sum += container_of(l, struct item, link)->val;
    seen[OFFSET_INDEX(struct item, val)] = 1; /* val is at byte 16: seen[4] */
    assert(sum == SUM && seen[4] == 1);
    return 0;
}
