// i: empty stack; u: push 1; o: pop and observe the value (-1: empty).
test P1 = i u ( o | o )
test P2 = i u u ( o | o )
test R1 = i u ( o u | o )
