/* Loops, break/continue, goto, switch, recursion. */
int test_for_continue(void)
{
    int s = 0;
    for (int i = 0; i < 10; i++) {
        if (i % 3 == 0)
            continue;
        if (i == 8)
            break;
        s = s * 2 + i;
    }
    return s;
}

int test_while_nested(void)
{
    int i = 0, count = 0;
    while (i < 5) {
        int j = 0;
        while (1) {
            if (j >= i)
                break;
            if ((i + j) % 2)
                { j++; continue; }
            count += j;
            j++;
        }
        i++;
    }
    return count;
}

int test_do_continue(void)
{
    int n = 10, s = 0;
    do {
        n--;
        if (n % 2)
            continue;
        s += n;
    } while (n > 0);
    do
        s++;
    while (0);
    return s;
}

int classify(int k)
{
    int r = 0;
    switch (k) {
    case 1:
        r = 10;
        break;
    case 2:
    case 3:
        r = 20;
    case 4:
        r += 1;
        break;
    case -5:
        return 55;
    default:
        r = -1;
    }
    return r;
}

int test_switch(void)
{
    return classify(1) * 1000000 + classify(2) * 10000 + classify(3) * 100 + classify(4)
        + classify(7) * 3 + classify(-5) * 7;
}

int first_default(int k)
{
    int r = 1;
    switch (k) {
    default:
        r = 2;
    case 9:
        r *= 5;
        break;
    case 8:
        r = 3;
    }
    return r;
}

int test_switch_default_first(void)
{
    return first_default(9) * 100 + first_default(8) * 10 + first_default(0);
}

int test_goto(void)
{
    int i, r = 0;
    for (i = 0; i < 10; i++) {
        r += i;
        if (r > 12)
            goto out;
    }
    r = -100;
out:
    if (r == 15)
        goto skip;
    r = r * 2;
skip:
    return r * 10 + i;
}

int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

int gcd(int a, int b)
{
    if (b == 0)
        return a;
    return gcd(b, a % b);
}

int test_recursion(void) { return fib(10) * 100 + gcd(84, 36); }

int test_loop_in_switch(void)
{
    int r = 0;
    for (int i = 0; i < 4; i++) {
        switch (i) {
        case 1:
            continue;
        case 2:
            r += 100;
            break;
        default:
            r += i;
        }
        r += 1000;
    }
    return r;
}

int sw_goto(int k)
{
    int r = 0;
    switch (k) {
    case 1:
        r = 1;
        if (r)
            goto common;
        r = 50;
    case 2:
        r += 2;
    common:
        r *= 10;
        break;
    default:
        r = -1;
        goto out;
    }
    r++;
out:
    return r;
}

int test_switch_goto(void) { return sw_goto(1) * 10000 + sw_goto(2) * 100 + sw_goto(3); }

int test_infinite_for(void)
{
    int i = 0;
    for (;;) {
        if (++i > 4)
            break;
    }
    do {
        i += 10;
        if (i > 40)
            break;
    } while (1);
    return i;
}
