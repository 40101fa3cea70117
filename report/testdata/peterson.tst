test T2 = ( lock_inc_unlock | lock_inc_unlock )
