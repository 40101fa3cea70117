// Choices in traces: pick's choice steers a store and is shown as a row;
// key's is also recorded as an input, which the operation's title shows.
global X

proc pick() { %c := choose 0 .. 1 as "lsl_choose()"  if %c { store @X, 1 } else { store @X, 2 } }
proc key() { %k := choose 0 .. 3 as "lsl_nondet(0, 3)"  observe label "key"  observe input "k" %k  store @X, %k }
proc rd() { observe label "rd"  %r := load @X  observe output "r" %r  %ok := eq(%r, 7)  assert %ok }
