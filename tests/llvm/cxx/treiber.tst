// Stack test: push a nondeterministic 0 or 1 while another thread pops.
test T0 = ( push | pop )
