/* Small structs passed and returned by value, which the x86-64 calling
 * convention moves in one integer register: clang reads and writes
 * struct slot { int index, tag; } as one i64 (frontend/llvm/punned.go).
 * Before 2026-11-25 that i64 access reached only the first field, and the
 * tag came back undefined (a runtime error of this correct program). */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

struct slot { int index, tag; };
struct half { short lo, hi; };

atomic_int published;
struct slot last;

static struct slot next_slot(struct slot s) {
    struct slot r = { s.index + 1, s.tag - 1 };
    return r;
}

static struct half swap(struct half h) { struct half r = { h.hi, h.lo }; return r; }

void *writer(void *arg)
{
    struct slot s = { 4, -2 };
    last = next_slot(s);
    atomic_store_explicit(&published, 1, memory_order_release);
    return 0;
}

void *reader(void *arg)
{
    if (atomic_load_explicit(&published, memory_order_acquire)) {
        struct slot s = last;
        assert(s.index == 5 && s.tag == -3);
    }
    return 0;
}

int main(void)
{
    pthread_t w, r;
    pthread_create(&w, 0, writer, 0);
    pthread_create(&r, 0, reader, 0);
    pthread_join(w, 0);
    pthread_join(r, 0);
    struct half h = swap((struct half){ -7, 9 });
    assert(h.lo == 9 && h.hi == -7);
    return 0;
}
