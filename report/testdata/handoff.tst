test Handoff = ( put | get )
