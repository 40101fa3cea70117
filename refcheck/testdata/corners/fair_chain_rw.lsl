// A reader that retries with two read-modify-writes (docs/semantics.md,
// "Chains of read-modify-writes"): while the writer holds W (bit 4 set)
// the reader's round sets bit 1 and clears it again (fetch-or and
// fetch-and keep the reference's value domain small; fetch_add and
// fetch_sub behave alike), a chain that writes back what its first load
// read, so the round is a cycle.
// The writer's release reads W: when it reads the 5 a round made, in
// between its fetch-or and its fetch-and, that round must count (v = 5 is
// observed).
//# test T = ( write | read )
global W
global X
proc write() {
    observe label "write"
    atomic {
        %w := load @W
        %n := or(%w, 4)
        store @W, %n
    }
    store @X, 1
    atomic {
        %v := load @W
        %m := and(%v, -5)
        store @W, %m
    }
    observe output "v" %v
}
proc read() {
    observe label "read"
    l: {
        atomic {
            %a := load @W
            %b := or(%a, 1)
            store @W, %b
        }
        %h := and(%a, 4)
        %busy := ne(%h, 0)
        if %busy {
            atomic {
                %c := load @W
                %d := and(%c, -2)
                store @W, %d
            }
            continue l
        }
    }
    %x := load @X
    atomic {
        %e := load @W
        %f := and(%e, -2)
        store @W, %f
    }
    observe output "x" %x
}
