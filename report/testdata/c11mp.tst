test MP = ( w | r )
