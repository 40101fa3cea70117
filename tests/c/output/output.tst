test Set = ( set | set )
test Null = ( print_null )
