test T = init ( writer )
