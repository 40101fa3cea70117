/* Globals with initializers, aggregates, pointers to fields and elements. */
#include <stddef.h>

struct point { int x, y; };
struct shape { struct point corner[2]; int tag; struct shape *next; };

int counter = 3;
int table[4] = { 1, 2, [3] = 4 };
struct shape shapes[2] = { { { {1, 2}, {3, 4} }, 5, &shapes[1] } };
int *cursor = &table[2];
struct point *origin = &shapes[0].corner[0];

int area(struct shape *s)
{
    int w = s->corner[1].x - s->corner[0].x;
    int h = s->corner[1].y - s->corner[0].y;
    return w * h;
}

int walk(void)
{
    struct point local[2] = { { 7 } };
    int *p = &local[1].y;
    int **pp = &p;
    static int calls;
    calls++;
    **pp = counter;
    *cursor += table[0];
    return area(&shapes[0]) + local[1].y + (int)offsetof(struct shape, tag);
}
