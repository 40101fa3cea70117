#include <thread>
#include <atomic>
#include <cassert>

std::atomic<int> sum{0};

void add(int v)
{
	sum.fetch_add(v, std::memory_order_relaxed);
}

int main()
{
	std::thread a(add, 1), b(add, 2);
	a.join();
	b.join();
	assert(sum.load() == 3);
	return 0;
}
