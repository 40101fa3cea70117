struct point { x, y }
struct shape { corner: point[2], tag, next }

global counter = 3
global table : int[4] { 0 = 1, 1 = 2, 3 = 4 }
global shapes : shape[2] { 0.0.0.0 = 1, 0.0.0.1 = 2, 0.0.1.0 = 3, 0.0.1.1 = 4, 0.1 = 5, 0.2 = [@shapes 1] }
global cursor = [@table 2]
global origin = [@shapes 0 0 0]
global walk_calls

proc area(%s) -> (%result) {
    %t.1 := offset(%s, 0)
    %t.2 := offset(%t.1, 1)
    %t.3 := offset(%t.2, 0)
    %t.4 := load %t.3 as "s->corner[1].x"
    %t.5 := offset(%s, 0)
    %t.6 := offset(%t.5, 0)
    %t.7 := offset(%t.6, 0)
    %t.8 := load %t.7 as "s->corner[0].x"
    %w := sub(%t.4, %t.8)
    %t.10 := offset(%s, 0)
    %t.11 := offset(%t.10, 1)
    %t.12 := offset(%t.11, 1)
    %t.13 := load %t.12 as "s->corner[1].y"
    %t.14 := offset(%s, 0)
    %t.15 := offset(%t.14, 0)
    %t.16 := offset(%t.15, 1)
    %t.17 := load %t.16 as "s->corner[0].y"
    %h := sub(%t.13, %t.17)
    %result := mul(%w, %h)
}

proc walk() -> (%result) {
    %local.addr := alloc local point[2] "local"
    %p.addr := alloc local int "p"
    %t.1 := offset(%local.addr, 0)
    %t.2 := offset(%t.1, 0)
    store %t.2, 7 as "local[0].x"
    %t.3 := offset(%local.addr, 0)
    %t.4 := offset(%t.3, 1)
    store %t.4, 0 as "local[0].y"
    %t.5 := offset(%local.addr, 1)
    %t.6 := offset(%t.5, 0)
    store %t.6, 0 as "local[1].x"
    %t.7 := offset(%local.addr, 1)
    %t.8 := offset(%t.7, 1)
    store %t.8, 0 as "local[1].y"
    %t.9 := offset(%local.addr, 1)
    %t.10 := offset(%t.9, 1)
    store %p.addr, %t.10 as "p"
    %pp := %p.addr
    %t.11 := load @walk_calls as "calls"
    %t.12 := add(%t.11, 1)
    store @walk_calls, %t.12 as "calls"
    %t.13 := load %pp as "*pp"
    %t.14 := load @counter as "counter"
    store %t.13, %t.14 as "**pp"
    %t.15 := load @cursor as "cursor"
    %t.16 := load %t.15 as "*cursor"
    %t.17 := load [@table 0] as "table[0]"
    %t.18 := add(%t.16, %t.17)
    store %t.15, %t.18 as "*cursor"
    %t.19 := call area([@shapes 0])
    %t.20 := offset(%local.addr, 1)
    %t.21 := offset(%t.20, 1)
    %t.22 := load %t.21 as "local[1].y"
    %t.23 := add(%t.19, %t.22)
    %result := add(%t.23, 16)
}
