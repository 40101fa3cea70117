/* snark.c without its fences: the snark deque as published, for
 * sequentially consistent memory. It passes the tests on sc and fails them
 * on relaxed (expected.csv). Apart from this comment it is snark.c with every
 * lsl_fence line removed (tests/datatypes_test.go checks that). */
#include <lsl_protos.h>

typedef struct node {
    struct node *L;
    struct node *R;
    int V;
} node_t;

node_t dummy_node;
#define Dummy (&dummy_node)
node_t *LeftHat, *RightHat;

void init_deque(void)
{
    Dummy->L = Dummy;
    Dummy->R = Dummy;
    LeftHat = Dummy;
    RightHat = Dummy;
}

void push_right(int v, boolean_t retry)
{
    node_t *nd, *rh, *rhR, *lh;
    nd = lsl_malloc_noreuse(sizeof(node_t));
    nd->R = Dummy;
    nd->V = v;
    while (1) {
        rh = RightHat;
        rhR = rh->R;
        if (rhR == rh) {
            /* right side empty: the node becomes the whole deque */
            nd->L = Dummy;
            lh = LeftHat;
            if (lsl_dcas_ptr(&RightHat, &LeftHat, rh, lh, nd, nd))
                return;
        } else {
            nd->L = rh;
            if (lsl_dcas_ptr(&RightHat, &rh->R, rh, rhR, nd, nd))
                return;
        }
        lsl_assume(retry);
    }
}

void push_left(int v, boolean_t retry)
{
    node_t *nd, *lh, *lhL, *rh;
    nd = lsl_malloc_noreuse(sizeof(node_t));
    nd->L = Dummy;
    nd->V = v;
    while (1) {
        lh = LeftHat;
        lhL = lh->L;
        if (lhL == lh) {
            nd->R = Dummy;
            rh = RightHat;
            if (lsl_dcas_ptr(&LeftHat, &RightHat, lh, rh, nd, nd))
                return;
        } else {
            nd->R = lh;
            if (lsl_dcas_ptr(&LeftHat, &lh->L, lh, lhL, nd, nd))
                return;
        }
        lsl_assume(retry);
    }
}

boolean_t pop_right(int *pv, boolean_t retry)
{
    node_t *rh, *lh, *rhL;
    while (1) {
        rh = RightHat;
        lh = LeftHat;
        if (rh->R == rh) {
            /* empty, if rh is still the right hat */
            if (lsl_dcas_ptr(&RightHat, &rh->R, rh, rh, rh, rh))
                return false;
        } else if (rh == lh) {
            /* the last node: both hats go back to Dummy */
            if (lsl_dcas_ptr(&RightHat, &LeftHat, rh, lh, Dummy, Dummy)) {
                *pv = rh->V;
                return true;
            }
        } else {
            rhL = rh->L;
            if (lsl_dcas_ptr(&RightHat, &rh->L, rh, rhL, rhL, rh)) {
                *pv = rh->V;
                rh->R = Dummy; /* drop the reference for the collector */
                return true;
            }
        }
        lsl_assume(retry);
    }
}

boolean_t pop_left(int *pv, boolean_t retry)
{
    node_t *lh, *rh, *lhR;
    while (1) {
        lh = LeftHat;
        rh = RightHat;
        if (lh->L == lh) {
            if (lsl_dcas_ptr(&LeftHat, &lh->L, lh, lh, lh, lh))
                return false;
        } else if (lh == rh) {
            if (lsl_dcas_ptr(&LeftHat, &RightHat, lh, rh, Dummy, Dummy)) {
                *pv = lh->V;
                return true;
            }
        } else {
            lhR = lh->R;
            if (lsl_dcas_ptr(&LeftHat, &lh->R, lh, lhR, lhR, lh)) {
                *pv = lh->V;
                lh->L = Dummy;
                return true;
            }
        }
        lsl_assume(retry);
    }
}
