/* The "snark" nonblocking deque of Detlefs, Flood, Garthwaite, Martin,
 * Shavit and Steele ("Even Better DCAS-Based Concurrent Deques", DISC
 * 2000), corrected as described by Doherty et al. ("DCAS is not a silver
 * bullet for nonblocking algorithm design", SPAA 2004), with the fences
 * the relaxed model needs (README.md says why each one is there and which
 * test fails without it).
 *
 * The deque is a doubly linked list; LeftHat and RightHat point to its end
 * nodes. A sentinel node Dummy points to itself both ways. A pop unlinks
 * its end node with one DCAS on the hat and on the node's inner pointer,
 * which it turns into a self-pointer; the node stays reachable from the
 * other end until that end moves on. So a hat that points to a node whose
 * outer pointer points to itself (RightHat->R == RightHat, or
 * LeftHat->L == LeftHat) says that side is empty; initially both hats
 * point to Dummy. The last node is popped by a DCAS on both hats.
 *
 * The correction: a pop that sees the self-pointer must confirm that the
 * hat still points to that node when it does (here with a DCAS that writes
 * back the values it compares), else a concurrent push and pop at the other
 * end can make it report "empty" for a deque that never was.
 *
 * Nodes are never freed (the algorithm assumes garbage collection). The
 * retry argument is false for the restricted operations of dissertation
 * Fig. 8.2 (tests Dm, Dq): the retry loop runs once, and executions that
 * would retry are discarded. */
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
        lsl_fence("load-load"); /* LeftHat before RightHat */
        rh = RightHat;
        lsl_fence("load-load"); /* the hats before lh->L */
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
