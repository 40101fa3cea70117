// Message passing with plain data and a relaxed flag (C11 tags): the
// relaxed store of the flag read by a relaxed load does not synchronise,
// so the store and the load of data race. What each thread does after
// the race (done, out) is folded away in the trace.
global data global flag global done global out
proc producer() { store<NA> @data, 42  store<A,RLX> @flag, 1  store<NA> @done, 1 }
proc consumer() {
  %f := load<A,RLX> @flag
  if %f {
    %d := load<NA> @data
    store<NA> @out, %d
  }
}
