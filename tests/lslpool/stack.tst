test Push2  = ( push | push )
test PushPop = push ( push | pop )
test Stack3 = push push ( spop | spop push )
test Aba    = push push ( pop | pop push )
