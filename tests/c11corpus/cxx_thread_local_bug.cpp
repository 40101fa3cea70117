#include <thread>
#include <cassert>

thread_local int tl = 1;

void bump()
{
	tl++;
	assert(tl == 2);
}

int main()
{
	std::thread a(bump), b(bump);
	a.join();
	b.join();
	assert(tl == 3);
	return 0;
}
