// Increments in critical sections of one spinlock are not lost.
#include <linux.h>

spinlock_t lock;
int count;

void inc(void)
{
	spin_lock(&lock);
	int c = READ_ONCE(count);
	WRITE_ONCE(count, c + 1);
	spin_unlock(&lock);
}

void check(void)
{
	lsl_assert(READ_ONCE(count) == 2);
}
