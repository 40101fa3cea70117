// Reload rounds where the model orders by dependencies (rmo): the moved
// load must leave the next round depending on the re-read load wherever
// its value flows. Here the round takes the value it read without a data
// dependency (t := 1 after testing c = 1), so a later load indexed by t
// depends on the first load but not on the re-read: on rmo, t = 1 with
// y = 0 needs a first load that reads 0 and a failed round. A rule that
// did not ask for the dependency excluded it. The loop goes round at most
// twice.
//# test T = ( w | r )
global X
global A : int[2]
proc w() {
    %p := offset(@A, 1)
    store %p, 1
    fence store-store
    store @X, 1
}
proc r() {
    %t := load @X
    done: {
        l: {
            %c := load @X
            %s := eq(%c, %t)
            if %s { break done }
            %one := eq(%c, 1)
            if %one { %t := 1 } else { %t := 0 }
            if %one { continue l }
        }
    }
    %q := offset(@A, %t)
    %y := load %q
    observe output "t" %t
    observe output "y" %y
}
