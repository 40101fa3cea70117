// Reload rounds must leave every other live register as it was: here one
// retry counts its rounds in %k (and gives up after two), so its failed
// first round is no reload round (deleting it would change the count
// observed); in the other, %u is computed from the first load and keeps
// depending on it in the later rounds, so its first round is none either
// (it retries only after reading 1, and goes round at most twice). The
// CASes flip X between 0 and 1.
//# test T = ( flip | flip )
//# test T2 = ( flip | flipu )
global X
proc flip() {
    %t := load @X
    %k := 0
    l: {
        %n := eq(%t, 0)
        atomic {
            %c := load @X
            %s := eq(%c, %t)
            if %s { store @X, %n }
        }
        if %s { } else {
            %t := %c
            %k := add(%k, 1)
            %m := lt(%k, 2)
            if %m { continue l }
        }
    }
    observe output "k" %k
}
proc flipu() {
    %t := load @X
    %u := eq(%t, 0)
    l: {
        atomic {
            %c := load @X
            %s := eq(%c, %t)
            if %s { store @X, %u }
        }
        if %s { } else {
            %t := %c
            %one := eq(%c, 1)
            if %one { continue l }
        }
    }
    observe output "u" %u
    observe output "t" %t
}
