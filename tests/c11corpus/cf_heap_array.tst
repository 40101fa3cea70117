test T = init ( writer ) check
