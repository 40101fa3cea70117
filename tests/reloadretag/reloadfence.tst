// reloadfence.lsl: the acquire load's barrier must not move to a relaxed
// CAS (FAIL); it may move to an acquire CAS followed by the same barrier
// (PASS).
test acqfenced = ( writer | updater_acqfenced )
test acqcas = ( writer | updater_acqcas )
