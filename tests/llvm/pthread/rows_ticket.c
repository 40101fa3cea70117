/* Every thread draws a ticket into its own row: the tickets are 0, 1, 2
 * in some order (PASS on every model). */
#define CHECK assert(ticket[0][0] != ticket[1][0])
#include "rows_ticket.h"
