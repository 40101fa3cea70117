struct node { next, value }
struct pair { a, n: node, arr: int[3] }

global tab : int[4] { 0 = 1, 1 = 2, 3 = 4 }
global first : node { 1 = 7 }
global head = @first
global pair : pair
global __const_copies_local : node { 1 = 3 }

proc walk(%p) -> (%result) {
    %s := 0
    loop1: {
        %t.2 := ne(%p, 0)
        if %t.2 {
            %t.4 := offset(%p, 1)
            %t.5 := load %t.4 as "p->value"
            %s := add(%s, %t.5)
            %t.9 := offset(%p, 0)
            %p := load %t.9 as "p->next"
            continue loop1
        }
    }
    %result := %s
}

proc arrays(%i) {
    %t.1 := getbase([@tab 1])
    %t.2 := getoffset([@tab 1])
    %t.3 := add(%t.2, 1)
    %t.5 := offset(%t.1, %t.3)
    store %t.5, 5 as "p[1]"
    %t.6 := getbase([@tab 1])
    %t.7 := getoffset([@tab 1])
    %t.8 := add(%t.7, 2)
    %t.10 := offset(%t.6, %t.8)
    %t.11 := load %t.10 as "p[2]"
    %t.13 := offset(@tab, %i)
    store %t.13, %t.11 as "tab[i]"
    %t.14 := load [@pair 1 1] as "pair.n.value"
    %t.16 := offset([@pair 2], %i)
    store %t.16, %t.14 as "pair.arr[i]"
}

proc copies() {
    %local.addr := alloc local node "local"
    %zero.addr := alloc local node "zero"
    %copy.addr := alloc local pair "copy"
    %t.1 := offset(%local.addr, 0)
    %t.2 := offset(%local.addr, 1)
    store %t.1, 0 as "local.next"
    store %t.2, 3 as "local.value"
    %t.3 := offset(%zero.addr, 0)
    %t.4 := offset(%zero.addr, 1)
    store %t.3, 0 as "zero.next"
    store %t.4, 0 as "zero.value"
    %t.5 := offset(%copy.addr, 0)
    %t.6 := offset(%copy.addr, 1)
    %t.7 := offset(%t.6, 0)
    %t.8 := offset(%copy.addr, 1)
    %t.9 := offset(%t.8, 1)
    %t.10 := offset(%copy.addr, 2)
    %t.11 := offset(%t.10, 0)
    %t.12 := offset(%copy.addr, 2)
    %t.13 := offset(%t.12, 1)
    %t.14 := offset(%copy.addr, 2)
    %t.15 := offset(%t.14, 2)
    %t.16 := load [@pair 0] as "pair.a"
    store %t.5, %t.16 as "copy.a"
    %t.17 := load [@pair 1 0] as "pair.n.next"
    store %t.7, %t.17 as "copy.n.next"
    %t.18 := load [@pair 1 1] as "pair.n.value"
    store %t.9, %t.18 as "copy.n.value"
    %t.19 := load [@pair 2 0] as "pair.arr[0]"
    store %t.11, %t.19 as "copy.arr[0]"
    %t.20 := load [@pair 2 1] as "pair.arr[1]"
    store %t.13, %t.20 as "copy.arr[1]"
    %t.21 := load [@pair 2 2] as "pair.arr[2]"
    store %t.15, %t.21 as "copy.arr[2]"
    %t.22 := load @head as "head"
    %t.24 := offset(%local.addr, 0)
    store %t.24, %t.22 as "local.next"
    %t.25 := offset(%local.addr, 0)
    %t.26 := offset(%local.addr, 1)
    %t.27 := load %t.25 as "local.next"
    store [@pair 1 0], %t.27 as "pair.n.next"
    %t.28 := load %t.26 as "local.value"
    store [@pair 1 1], %t.28 as "pair.n.value"
    %t.30 := offset(%zero.addr, 1)
    %t.31 := load %t.30 as "zero.value"
    %t.33 := offset(%copy.addr, 0)
    %t.34 := load %t.33 as "copy.a"
    %t.36 := add(%t.31, %t.34)
    store [@pair 0], %t.36 as "pair.a"
}

proc heap() {
    %n := alloc pool node
    %t.3 := alloc pool int[3]
    %buf := offset(%t.3, 0)
    %t.5 := offset(%n, 1)
    store %t.5, 1 as "n->value"
    %t.6 := load @head as "head"
    %t.8 := offset(%n, 0)
    store %t.8, %t.6 as "n->next"
    %t.10 := offset(%n, 1)
    %t.11 := load %t.10 as "n->value"
    %t.12 := getbase(%buf)
    %t.13 := getoffset(%buf)
    %t.14 := add(%t.13, 2)
    %t.16 := offset(%t.12, %t.14)
    store %t.16, %t.11 as "buf[2]"
    store @head, %n as "head"
    %t.17 := ne(%buf, 0)
    if %t.17 {
        %t.18 := baseof(%buf)
        %t.19 := pointer(%t.18)
        %t.20 := eq(%buf, %t.19)
        %t.21 := getoffset(%buf)
        %t.22 := eq(%t.21, 0)
        %t.23 := or(%t.20, %t.22)
        if %t.23 {
        } else {
            abort "free of a pointer into the middle of a block"
        }
        free pool %t.19
    }
}
