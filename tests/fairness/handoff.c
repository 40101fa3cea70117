/* Two operations that hand off to each other: ping raises its flag and
 * waits for pong's; pong waits for ping's flag and raises its own. Every
 * concurrent execution completes, but no serial one does (each operation
 * waits for the other to run in its middle), so there is nothing to compare
 * with: INCONCLUSIVE no-serial-execution, never a consistency FAIL. */
#include "lsl_protos.h"

int ping_flag, pong_flag;

void ping(void)
{
    ping_flag = 1;
    while (!pong_flag)
        ;
    lsl_observe_label("ping");
}

void pong(void)
{
    while (!ping_flag)
        ;
    pong_flag = 1;
    lsl_observe_label("pong");
}
