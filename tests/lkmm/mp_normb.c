// Message passing without the reader's barrier: the Linux-kernel model
// lets the reader see the flag and not the data.
#include <linux.h>

int data, flag;

void writer(void)
{
	WRITE_ONCE(data, 1);
	smp_wmb();
	WRITE_ONCE(flag, 1);
}

void reader(void)
{
	int r0 = READ_ONCE(flag);
	// no smp_rmb: the loads may be reordered
	int r1 = READ_ONCE(data);
	lsl_assert(!(r0 == 1 && r1 == 0));
}
