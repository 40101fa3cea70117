/* The C front end's printf, fprintf and usleep: no-ops whose arguments
 * are computed (print_null reads through a null pointer). */
#include <stdio.h>
#include <unistd.h>
#include "lsl_protos.h"

int x;
int *p;

void set(void)
{
    x = 1;
    usleep(1);
    printf("x = %d\n", x);
    fprintf(stderr, "%s\n", "set");
}

void print_null(void)
{
    printf("%d\n", *p);
}
