/* Litmus tests of multi-location atomic blocks (docs/models.md, "Atomic
 * blocks on cat models"): a reader that sees one store of a DCAS sees the
 * other, on every model whose checks place a block at one instant; two
 * separate CASes give no such guarantee. The readers order their loads
 * with a full fence, so only the writer's atomicity is in question. */
#include <lsl_protos.h>
#include <stdatomic.h>

int x, y;

void dcas_writer(void)
{
    lsl_dcas_32(&x, &y, 0, 0, 1, 1);
}

void cas_writer(void)
{
    lsl_cas_32(&x, 0, 1);
    lsl_cas_32(&y, 0, 1);
}

/* reads the DCAS's first location, then its second */
void reader_xy(void)
{
    int r1 = x;
    lsl_fence("full");
    int r2 = y;
    lsl_assert(!(r1 == 1 && r2 == 0));
}

/* reads its second location, then its first */
void reader_yx(void)
{
    int r1 = y;
    lsl_fence("full");
    int r2 = x;
    lsl_assert(!(r1 == 1 && r2 == 0));
}

/* reads them without a fence: the loads may be reordered (arm8, riscv,
 * relaxed), so the reader sees x == 1 and y == 0 of an atomic DCAS */
void reader_unfenced(void)
{
    int r1 = x;
    int r2 = y;
    lsl_assert(!(r1 == 1 && r2 == 0));
}

/* orders its loads with a load-load fence (lwsync on power): on power,
 * which is not multicopy-atomic, the DCAS's two stores may reach this
 * thread separately, as two stores without a fence between them do
 * (tests/dcaslitmus/power-txn.cat makes a transaction's stores
 * multicopy-atomic) */
void reader_lw(void)
{
    int r1 = y;
    lsl_fence("load-load");
    int r2 = x;
    lsl_assert(!(r1 == 1 && r2 == 0));
}

/* a DCAS that fails when it reads a half-done other DCAS: both DCASes
 * move (x, y) from (0, 0) and (1, 1) to (1, 1) and (2, 2); a reader that
 * sees x == 2 must see y == 2 too (never (2, 0) or (2, 1)). */
void dcas_second(void)
{
    lsl_dcas_32(&x, &y, 1, 1, 2, 2);
}

void reader_final(void)
{
    int r1 = x;
    lsl_fence("full");
    int r2 = y;
    lsl_assert(!(r1 == 2 && r2 != 2));
}

/* C11 readers. An acquire load of x synchronises with the DCAS's store
 * of x (a seq_cst atomic on rc11), so the relaxed load of y after it
 * sees the DCAS's store of y too; the DCAS is one event of rc11's
 * coherence walks (docs/semantics.md, "Atomic blocks on cat models"). */
void reader_acq(void)
{
    int r1 = atomic_load_explicit((atomic_int *)&x, memory_order_acquire);
    int r2 = atomic_load_explicit((atomic_int *)&y, memory_order_relaxed);
    lsl_assert(!(r1 == 1 && r2 == 0));
}

/* Two relaxed loads: nothing orders them, on rc11 as on the hardware
 * C11 compiles to, so the reader sees x == 1 and y == 0 of an atomic
 * DCAS. */
void reader_rlx(void)
{
    int r1 = atomic_load_explicit((atomic_int *)&x, memory_order_relaxed);
    int r2 = atomic_load_explicit((atomic_int *)&y, memory_order_relaxed);
    lsl_assert(!(r1 == 1 && r2 == 0));
}
