test LB = ( t0 | t1 ) check
