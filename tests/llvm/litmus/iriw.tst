test IRIW = ( w0 | w1 | rd0 | rd1 ) check
