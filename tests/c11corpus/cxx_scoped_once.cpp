#include <thread>
#include <mutex>
#include <cassert>

std::mutex a, b;
std::once_flag once;
int inits, moves;

void init() { inits++; }

void mover()
{
	std::call_once(once, init);
	std::scoped_lock<std::mutex, std::mutex> l(a, b);
	moves++;
}

void mover2()
{
	std::call_once(once, init);
	std::scoped_lock<std::mutex, std::mutex> l(b, a);
	moves++;
}

int main()
{
	std::thread x(mover), y(mover2);
	x.join();
	y.join();
	assert(inits == 1 && moves == 2);
	return 0;
}
