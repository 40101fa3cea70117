// Tests of the Chase-Lev deque (chaselev.c): i initializes, p pushes 0 or
// 1 (the owner), t takes (the owner), s steals (a thief); -1 is empty.
test D1 = i p ( t | s )
test D2 = i p p ( t t | s )
test D3 = i p p ( t | s | s )
test Dp = i ( p t | s )
test Dw = i p ( p t | s )
