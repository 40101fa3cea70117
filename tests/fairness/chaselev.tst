test T1 = push1 ( take_op | steal_op )
test T2 = push1 push2 ( take_op take_op | steal_op )
test T3 = push1 push2 ( take_op | steal_op | steal_op )
