test T0 = ( add_fetch | add_plain | swap ) final
test T1 = ( add_plain | cas ) final
