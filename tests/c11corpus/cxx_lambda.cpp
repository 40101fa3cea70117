#include <thread>
#include <cassert>

int main()
{
	int data = 0;
	bool done = false;
	std::thread t([&data] { data = 5; });
	t.join();
	std::thread u([&] { done = data == 5; });
	u.join();
	assert(done);
	return 0;
}
