model typeerr
predefined
set instruction
predicate access(instruction)
predicate fence(instruction)
exists
relation memory_order(access, access)
forall
X : access
F : fence
require
<x> memory_order(X, F)
end model
