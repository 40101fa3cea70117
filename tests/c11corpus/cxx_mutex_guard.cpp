#include <thread>
#include <mutex>
#include <cassert>

std::mutex m;
int counter;

void work()
{
	std::lock_guard<std::mutex> g(m);
	int c = counter;
	counter = c + 1;
}

int main()
{
	std::thread a(work), b(work);
	a.join();
	b.join();
	assert(counter == 2);
	return 0;
}
