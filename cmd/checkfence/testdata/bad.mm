model broken
exists
relation memory_order(access, access)
require
<x> memory_order(X, Y)
end model
