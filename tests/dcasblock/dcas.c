/* A DCAS is atomic: a reader that sees its first store also sees its
 * second (docs/models.md, "Atomic blocks on cat models"). The test passes
 * on the .mm models and on the cat models whose checks place a
 * multi-location block at one instant (sc-cat, tso-cat, arm8, riscv). On
 * power the built-in checks of atomic blocks do not lift the irreflexive
 * observation check, so the execution in which the reader sees x == 1 and
 * y == 0 is one it allows and an atomic DCAS forbids: the check answers
 * INCONCLUSIVE (atomic-block) there, never FAIL. */
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
