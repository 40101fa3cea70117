#include <thread>

void nothing() {}

int main()
{
	std::thread t(nothing);
	return 0; // t is still joinable: std::terminate
}
