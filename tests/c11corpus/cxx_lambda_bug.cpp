#include <thread>
#include <cassert>

int main()
{
	int data = 0;
	std::thread t([&data] { data = 5; });
	int seen = data; // races with the thread
	t.join();
	assert(seen == 5);
	return 0;
}
