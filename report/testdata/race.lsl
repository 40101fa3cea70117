// Message passing with plain data and a relaxed flag (C11 tags): the
// relaxed store of the flag read by a relaxed load does not synchronise,
// so the store and the load of data race.
global data global flag
proc producer() { store<NA> @data, 42  store<A,RLX> @flag, 1 }
proc consumer() {
  %f := load<A,RLX> @flag
  if %f {
    %d := load<NA> @data
  }
}
