struct node { next, value }
struct pair { a, n: node, arr: int[3] }

global tab : int[4] { 0 = 1, 1 = 2, 3 = 4 }
global first : node { 1 = 7 }
global head = @first
global pair : pair

proc walk(%p) -> (%result) {
    %t.2 := eq(%p, 0)
    if %t.2 {
        %t.3 := 0
    } else {
        %s := 0
        %p_2 := %p
        loop1: {
            %t.5 := offset(%p_2, 1)
            %t.6 := load %t.5 as "p->value"
            %s_2 := add(%t.6, %s)
            %t.8 := offset(%p_2, 0)
            %p_3 := load %t.8 as "p->next"
            %t.10 := eq(%p_3, 0)
            if %t.10 {
                %t.3 := %s_2
            } else {
                %s := %s_2
                %p_2 := %p_3
                continue loop1
            }
        }
    }
    %result := %t.3
}

proc arrays(%i) {
    store [@tab 2], 5 as "?[8]"
    %t.1 := load [@tab 3] as "?[12]"
    %t.3 := offset(@tab, %i)
    store %t.3, %t.1 as "tab[i]"
    %t.4 := load [@pair 1 1] as "?[16]"
    %t.6 := offset([@pair 2], %i)
    store %t.6, %t.4 as "?[24][i]"
}

proc copies() {
    %local := load @head as "head"
    store [@pair 1 0], %local as "?[8].next"
    store [@pair 1 1], 3 as "?[16]"
}

proc heap() {
    %n := alloc pool node
    %t.1 := alloc pool int[3]
    %buf := offset(%t.1, 0)
    %t.3 := offset(%n, 1)
    store %t.3, 1 as "n->value"
    %t.4 := load @head as "head"
    %t.5 := offset(%n, 0)
    store %t.5, %t.4 as "n->next"
    %t.6 := getbase(%buf)
    %t.7 := getoffset(%buf)
    %t.8 := add(%t.7, 2)
    %t.10 := offset(%t.6, %t.8)
    store %t.10, 1 as "buf[2]"
    store @head, %n as "head"
    %t.11 := ne(%buf, 0)
    if %t.11 {
        %t.12 := baseof(%buf)
        %t.13 := pointer(%t.12)
        %t.14 := eq(%buf, %t.13)
        %t.15 := getoffset(%buf)
        %t.16 := eq(%t.15, 0)
        %t.17 := or(%t.14, %t.16)
        if %t.17 {
        } else {
            abort "free of a pointer into the middle of a block"
        }
        free pool %t.13
    }
}
