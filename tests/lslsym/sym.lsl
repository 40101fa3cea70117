// Programs for the symmetry reduction of identical threads
// (encode/symmetry.go): which threads count as interchangeable, and what
// must make them distinct.
struct cell { value }
global X
global Y
global Slot : cell

// inc: an increment with a bounded retry loop and private fresh memory;
// identical instances are interchangeable.
proc inc() {
    observe label "inc"
    %priv := alloc fresh cell
    %p := offset(%priv, 0)
    %n := 0
    retry: {
        %x := load @X
        store %p, %x
        %y := add(%x, 1)
        atomic {
            %o := load @X
            %ok := eq(%o, %x)
            if %ok { store @X, %y }
        }
        if %ok { break retry }
        %n := add(%n, 1)
        %more := lt(%n, 2)
        if %more { continue retry }
    }
    %seen := load %p
    observe output "old" %seen
    observe output "ok" %ok
}

// flag: stores and observes without private memory.
proc flag() {
    observe label "flag"
    %v := choose 0 .. 1
    store @Y, %v
    %x := load @X
    observe output "x" %x
}

// who: uses the thread id, so instances differ.
proc who() {
    observe label "who"
    %id := threadid()
    store @X, %id
    %x := load @X
    observe output "x" %x
}

// where: publishes the number of its fresh block, which differs between
// instances.
proc where() {
    observe label "where"
    %b := alloc fresh cell
    %n := baseof(%b)
    store @X, %n
    %x := load @X
    observe output "x" %x
}

// leak: publishes its private block, and the final thread observes the
// pointer: instances are interchangeable, but the observation names a block.
proc leak() {
    observe label "leak"
    %b := alloc fresh cell
    store [@Slot 0], %b
}

proc final() {
    observe label "final"
    %s := load [@Slot 0]
    observe output "slot" %s
    %x := load @X
    observe output "x" %x
}
