#include <atomic>
#include <thread>
#include <cassert>

std::atomic<int> x{0};
std::atomic<bool> flag{false};
std::atomic<long> big{10};

void t1()
{
	x.store(1, std::memory_order_relaxed);
	int e = 1;
	bool ok = x.compare_exchange_strong(e, 2, std::memory_order_acq_rel, std::memory_order_relaxed);
	assert(ok || e != 1);
	big.fetch_sub(3, std::memory_order_relaxed);
	flag.store(true, std::memory_order_relaxed);
}

void t2()
{
	while (!flag.load(std::memory_order_relaxed))
		;
	int old = x.exchange(5, std::memory_order_seq_cst);
	assert(old == 2);
	int e = 5;
	while (!x.compare_exchange_weak(e, 6))
		;
	assert(big.load() == 7);
}

int main()
{
	std::thread a(t1), b(t2);
	a.join();
	b.join();
	assert(x.load(std::memory_order_relaxed) == 6);
	return 0;
}
