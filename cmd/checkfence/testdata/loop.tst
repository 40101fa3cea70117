test Loop = ( spin_forever )
