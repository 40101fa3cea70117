test Race = ( producer | consumer )
