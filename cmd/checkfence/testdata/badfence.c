#include <lsl_protos.h>
int X;
void wx(void) { X = 1; lsl_fence("sideways"); }
