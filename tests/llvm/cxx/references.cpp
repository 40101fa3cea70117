// C++ functions that return references: clang-14 marks their return
// values "nonnull align 8 dereferenceable(8)", which llir could not parse
// (frontend/llvm/parse.go strips the align). Two threads bump a counter
// reached through a member function that returns a reference; main writes
// an array element through another.
#include <atomic>
#include <cassert>
#include <pthread.h>

struct Counter {
    std::atomic<int> value{0};
    std::atomic<int> &get() { return value; }
};

Counter counter;

static int &at(int *a, int i) { return a[i]; }

static void *bump(void *) {
    counter.get().fetch_add(1, std::memory_order_relaxed);
    return nullptr;
}

int main() {
    pthread_t a, b;
    pthread_create(&a, nullptr, bump, nullptr);
    pthread_create(&b, nullptr, bump, nullptr);
    pthread_join(a, nullptr);
    pthread_join(b, nullptr);
    int cells[2] = {0, 0};
    at(cells, 1) = 5;
    assert(counter.get().load() == 2 && cells[1] == 5);
    return 0;
}
