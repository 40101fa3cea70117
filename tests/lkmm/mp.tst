// the writer and the reader of mp.c and mp_normb.c
test MP = ( writer | reader )
