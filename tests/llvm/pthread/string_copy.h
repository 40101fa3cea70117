/* string.h's memset and memcpy: a thread fills an array, main copies it
 * into a local array through decayed pointers (the types differ, the
 * cells line up). EXPECT0 is what main expects in b[0]. */
#include <string.h>
#include <limits.h>
#include <stdbool.h>
#include <pthread.h>
#include <assert.h>
int a[4];
static void *t(void *x) { memset(a, 0, sizeof a); a[1] = INT_MAX > 0; return 0; }
int main(void) {
    pthread_t h;
    pthread_create(&h, 0, t, 0);
    pthread_join(h, 0);
    int b[4];
    memcpy(b, a, sizeof b);
    assert(b[1] == 1 && b[0] == EXPECT0);
    return 0;
}
