#include <thread>
#include <cassert>

struct Box {
	int v;
};

Box *shared;

void reader()
{
	int v = shared->v;
	assert(v == 1);
}

int main()
{
	shared = new Box{1};
	delete shared;
	std::thread t(reader);
	t.join();
	return 0;
}
