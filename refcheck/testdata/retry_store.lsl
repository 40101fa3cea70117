// A retry that stores the value it read into N in every round and then
// tries to swap X (Treiber's node->next = top; docs/semantics.md,
// "Storing cycles"): retry's failed rounds are storing cycles superseded
// by the next round's store. set changes X once; setRead also reads N,
// which keeps the rounds on relaxed. Shared by refcheck's
// TestFairSupersededCycleDeleted and TestFairSupersededSharedCycleKept and
// by tests.TestSealedAndSilentRounds.
global X
global N
proc retry() {
    l: {
        %t := load @X
        store @N, %t
        atomic {
            %o := load @X
            %ok := eq(%o, %t)
            if %ok { store @X, 7 }
        }
        if %ok { break l }
        continue l
    }
}
proc set() { store @X, 1 }
proc setRead() { store @X, 1  %n := load @N }
