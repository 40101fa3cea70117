/* A DCAS is atomic: a reader that sees its first store also sees its
 * second (docs/models.md, "Atomic blocks on cat models"). On the .mm
 * models the test passes; the cat models make only each location's read
 * and write of the block atomic, so the execution in which the reader
 * sees x == 1 and y == 0 is one they allow and an atomic DCAS forbids:
 * the check answers INCONCLUSIVE (atomic-block) there, never FAIL. */
#include <lsl_protos.h>

int x, y;

void writer(void)
{
    lsl_dcas_32(&x, &y, 0, 0, 1, 1);
}

void reader(void)
{
    int r1 = x;
    lsl_fence("full");
    int r2 = y;
    lsl_assert(!(r1 == 1 && r2 == 0));
}

/* Single-location atomic blocks are atomic on every model: a CAS and a
 * plain store. */
void cas_writer(void)
{
    lsl_cas_32(&x, 0, 1);
    lsl_fence("store-store");
    y = 1;
}

void cas_reader(void)
{
    int r2 = y;
    lsl_fence("full");
    int r1 = x;
    lsl_assert(!(r2 == 1 && r1 == 0));
}
