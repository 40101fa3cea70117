global data
global flag

proc w() {
    store<A,RLX> @data, 1 as "data"
    fence load-store<mm-only,c11-before-W-REL>
    fence store-store<mm-only,c11-before-W-REL>
    store<A,REL> @flag, 1 as "flag"
}

proc r() {
    %t.1 := load<A,RLX> @flag as "flag"
    fence aliased-loads<mm-only,c11-after-R-RLX>
    %f := sext(%t.1, 32)
    %t.3 := load<A,RLX> @data as "data"
    fence aliased-loads<mm-only,c11-after-R-RLX>
    %d := sext(%t.3, 32)
    fence load-load<ACQ>
    fence load-store<mm-only>
    observe output "f" %f
    observe output "d" %d
}
