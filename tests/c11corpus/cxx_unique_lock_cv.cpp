#include <thread>
#include <mutex>
#include <condition_variable>
#include <cassert>

std::mutex m;
std::condition_variable cv;
bool ready;
int payload;

void producer()
{
	{
		std::unique_lock<std::mutex> l(m);
		payload = 7;
		ready = true;
	}
	cv.notify_one();
}

void consumer()
{
	std::unique_lock<std::mutex> l(m);
	cv.wait(l, [] { return ready; });
	assert(payload == 7);
}

int main()
{
	std::thread c(consumer), p(producer);
	p.join();
	c.join();
	return 0;
}
