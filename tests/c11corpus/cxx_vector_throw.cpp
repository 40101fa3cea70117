#include <vector>
#include <cassert>

int main()
{
	std::vector<int> v(2);
	v[0] = 1;
	v.at(3) = 4; // throws std::out_of_range
	assert(v[0] == 1);
	return 0;
}
