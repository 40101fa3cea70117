// reloadretag.lsl: the acquire load must not move (FAIL); the release
// load's tag is invisible on a read, but the retry still reads x without
// synchronisation when the round fails (FAIL).
test acq = ( writer | updater_acq )
test rel = ( writer | updater_rel )
// An acquire CAS with a relaxed failure order: the failed round's read is
// relaxed, so the acquire load before the loop must not replace it (the
// round stays); the successful CAS acquires (PASS).
test failrlx = ( writer | updater_failrlx )
