// A DCAS seen by a reader of its first, then its second location.
test Dxy = ( dcas_writer | reader_xy )
// ... of its second, then its first location.
test Dyx = ( dcas_writer | reader_yx )
// ... without a fence between the reads.
test Dnf = ( dcas_writer | reader_unfenced )
// Two DCASes in sequence and a reader.
test Dchain = ( dcas_writer | dcas_second | reader_final )
// Two CASes: no atomicity across locations.
test Cxy = ( cas_writer | reader_xy )
// A C11 reader: an acquire load of x, then a relaxed load of y.
test Dacq = ( dcas_writer | reader_acq )
// Two relaxed loads.
test Drlx = ( dcas_writer | reader_rlx )
// A reader whose loads a load-load fence orders.
test Dlw = ( dcas_writer | reader_lw )
