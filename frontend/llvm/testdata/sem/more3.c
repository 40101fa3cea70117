/* Switches on unsigned chars, unsigned globals, shifts, 64-bit values,
 * arrays of structs indexed by variables, nested loops. */
unsigned char codes[4] = { 10, 130, 200, 255 };
unsigned short wide[2] = { 40000, 65535 };
long long big = 5000000000LL;
struct cell { int k; unsigned char tag; short s; };
struct cell table[3] = { { 1, 250, -7 }, { 2, 5, 300 }, { 3, 128, -32768 } };

int test_switch_unsigned_char(void)
{
    int r = 0;
    for (int i = 0; i < 4; i++) {
        switch (codes[i]) {
        case 10: r = r * 10 + 1; break;
        case 130: r = r * 10 + 2; break;
        case 200: r = r * 10 + 3; break;
        default: r = r * 10 + 4; break;
        }
    }
    return r;
}

int test_unsigned_short_globals(void)
{
    unsigned s = wide[0] + wide[1];
    return (int)(s % 100000) + (wide[1] > 60000) * 1000000;
}

int test_shifts(void)
{
    unsigned u = 1u << 31;
    int neg = -64;
    return (int)(u >> 28) * 1000 + (neg >> 3) * 10 + (int)((unsigned)neg >> 28);
}

int test_long_long(void)
{
    long long x = big * 3;
    long long y = x / 7;
    return (int)(y % 1000000) + (x > 10000000000LL) * 1000000;
}

int test_struct_table(void)
{
    int r = 0;
    for (int i = 0; i < 3; i++) {
        struct cell *c = &table[i];
        r += c->k * 100000 + c->tag * 10 + (c->s < 0);
        if (c->tag >= 128)
            r += 1000;
    }
    return r;
}

int test_nested_break(void)
{
    int r = 0;
    for (int i = 0; i < 5; i++) {
        int j = 0;
        do {
            if (j == i)
                break;
            if ((i + j) % 2)
                { j++; continue; }
            r += i * j;
            j++;
        } while (j < 4);
        if (r > 20)
            break;
    }
    return r;
}
