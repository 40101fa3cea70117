/* Control flow: loops, break/continue, switch, goto, short circuit. */
int g;

int control(int n)
{
    int s = 0, i;
    for (i = 0; i < n; i++) {
        if (i == 1)
            continue;
        if (i > 5)
            break;
        s += i;
    }
    do {
        n--;
        if (n == 3)
            continue;
        s++;
    } while (n > 0);
    switch (s) {
    case 0:
        s = 100;
        break;
    case 1:
    case 2:
        s *= 2;
        /* fall through */
    default:
        s++;
    }
    if (s > 50 && g)
        goto out;
    s = s || g ? s : -1;
out:
    return s;
}

void wait(void)
{
    while (g == 0)
        ;
}
