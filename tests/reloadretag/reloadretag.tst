// reloadretag.lsl: the acquire load must not move (FAIL); the release
// load's tag is invisible on a read, but the retry still reads x without
// synchronisation when the round fails (FAIL).
test acq = ( writer | updater_acq )
test rel = ( writer | updater_rel )
