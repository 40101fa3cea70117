/* The snark deque as first published (Detlefs, Flood, Garthwaite, Martin,
 * Shavit and Steele, "Even Better DCAS-Based Concurrent Deques", DISC
 * 2000), as we reconstruct it: a pop reports "empty" when the hat it read
 * points to a node with a self-pointer, without checking that the hat
 * still points there. Between its reading of the hat and of the pointer, a
 * push and a pop at the other end can make the node a dead end of a deque
 * that is not empty, and the pop then reports "empty" for a deque that
 * never was: test D0 fails, on sc as on relaxed (the first of the two
 * known bugs, Doherty et al., SPAA 2004). Apart from this comment it is
 * snark.c with the two emptiness checks replaced by plain returns. */
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
        lsl_fence("aliased-loads"); /* a retry sees what the failed DCAS saw */
        rh = RightHat;
        lsl_fence("data-dependent-loads"); /* rh before rh->R */
        rhR = rh->R;
        if (rhR == rh) {
            /* right side empty: the node becomes the whole deque */
            nd->L = Dummy;
            lh = LeftHat;
            lsl_fence("store-store"); /* initialize the node before linking it */
            if (lsl_dcas_ptr(&RightHat, &LeftHat, rh, lh, nd, nd))
                return;
        } else {
            nd->L = rh;
            lsl_fence("store-store"); /* initialize the node before linking it */
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
        lsl_fence("aliased-loads"); /* a retry sees what the failed DCAS saw */
        lh = LeftHat;
        lsl_fence("data-dependent-loads"); /* lh before lh->L */
        lhL = lh->L;
        if (lhL == lh) {
            nd->R = Dummy;
            rh = RightHat;
            lsl_fence("store-store"); /* initialize the node before linking it */
            if (lsl_dcas_ptr(&LeftHat, &RightHat, lh, rh, nd, nd))
                return;
        } else {
            nd->R = lh;
            lsl_fence("store-store"); /* initialize the node before linking it */
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
        lsl_fence("load-load"); /* RightHat before LeftHat */
        lh = LeftHat;
        lsl_fence("load-load"); /* the hats before rh->R */
        if (rh->R == rh) {
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
        lsl_fence("load-load"); /* LeftHat before RightHat */
        rh = RightHat;
        lsl_fence("load-load"); /* the hats before lh->L */
        if (lh->L == lh) {
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
