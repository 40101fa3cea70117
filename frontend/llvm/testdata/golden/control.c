/* Control flow: loops, switch, early returns, spin loops. */
#include <lsl_protos.h>

int X, Y;

int sum(int n)
{
    int s = 0;
    for (int i = 0; i < n; i++) {
        if (i == 3)
            continue;
        if (s > 10)
            break;
        s += i;
    }
    return s;
}

int classify(int v)
{
    switch (v) {
    case 0:
        return 10;
    case 1:
    case 2:
        v = v * 2;
        break;
    default:
        v = -1;
    }
    return v;
}

void nested(void)
{
    int i = 0;
    do {
        int j = 0;
        while (j < i) {
            X = X + j;
            j++;
        }
        i++;
    } while (i < 3);
}

void wait_for_y(void)
{
    while (Y == 0)
        ;
    X = 1;
}

int early(int a, int b)
{
    if (a < 0)
        goto out;
    if (b < 0)
        return -2;
    a = a + b;
out:
    return a;
}
