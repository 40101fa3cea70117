// The DCAS's two stores seen apart (dcas.c).
test Dcas = ( writer | reader )
// A CAS and a later store (single-location blocks).
test Cas = ( cas_writer | cas_reader )
