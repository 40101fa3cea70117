// Message passing with the kernel's barriers: the reader that sees the
// flag sees the data (smp_wmb and smp_rmb order the accesses).
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
	smp_rmb();
	int r1 = READ_ONCE(data);
	lsl_assert(!(r0 == 1 && r1 == 0));
}
