#include <stdlib.h>
#include <assert.h>

struct node {
	int v;
	struct node *next;
};

int main(void)
{
	struct node *head = NULL;
	for (int i = 0; i < 3; i++) {
		struct node *n = malloc(sizeof *n);
		n->v = i;
		n->next = head;
		head = n;
	}
	int sum = 0;
	while (head) {
		struct node *n = head;
		head = head->next;
		sum += n->v;
		if (n->v != 1)
			free(n);
	}
	assert(sum == 3);
	return 0;
}
