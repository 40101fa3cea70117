#include <thread>
#include <atomic>
#include <cassert>

struct Node {
	int value;
	Node *next;
};

std::atomic<Node *> head{nullptr};

void push(int v)
{
	Node *n = new Node{v, head.load(std::memory_order_relaxed)};
	while (!head.compare_exchange_weak(n->next, n, std::memory_order_release, std::memory_order_relaxed))
		;
}

int main()
{
	std::thread a(push, 1), b(push, 2);
	a.join();
	b.join();
	int sum = 0;
	for (Node *n = head.load(); n;) {
		Node *next = n->next;
		sum += n->value;
		delete n;
		n = next;
	}
	assert(sum == 3);
	return 0;
}
