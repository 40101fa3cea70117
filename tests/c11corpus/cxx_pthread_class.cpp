#include <pthread.h>
#include <atomic>
#include <cassert>

class Counter {
	std::atomic<int> n{0};

public:
	void inc() { n.fetch_add(1, std::memory_order_relaxed); }
	int get() const { return n.load(); }
};

Counter c;

void *run(void *)
{
	c.inc();
	return nullptr;
}

int main()
{
	pthread_t a, b;
	pthread_create(&a, nullptr, run, nullptr);
	pthread_create(&b, nullptr, run, nullptr);
	pthread_join(a, nullptr);
	pthread_join(b, nullptr);
	assert(c.get() == 2);
	return 0;
}
