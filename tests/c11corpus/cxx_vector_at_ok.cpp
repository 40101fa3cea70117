// A global std::vector: its constructor runs before main, its destructor
// (registered with __cxa_atexit) when main returns; at() in range never
// reaches libstdc++'s throw helper.
#include <vector>
#include <cassert>

std::vector<int> v(4);

int main()
{
	v.at(1) = 1;
	v.at(2) = 2;
	assert(v.at(1) + v[2] == 3 && v.size() == 4);
	return 0;
}
