/* Sequential reference queue for --spec: the same as ms2's (both queues
 * have the same operations). */
#include "../ms2/ref.c"
