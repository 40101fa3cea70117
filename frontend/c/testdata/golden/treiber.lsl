struct node { next, value }

global top

proc push(%v) {
    %n := alloc fresh node
    %t.2 := offset(%n, 1)
    store %t.2, %v as "n->value"
    loop1: {
        %t := load @top as "top"
        %t.4 := offset(%n, 0)
        store %t.4, %t as "n->next"
        fence store-store
        atomic {
            %t.5 := load @top as "top"
            %t.6 := eq(%t.5, %t)
            if %t.6 {
                store @top, %n as "top"
            }
        }
        %t.7 := eq(%t.6, 0)
        if %t.7 {
            continue loop1
        }
    }
}

proc pop(%out) -> (%result) {
    ret: {
        loop1: {
            %t := load @top as "top"
            %t.2 := eq(%t, 0)
            if %t.2 {
                %result := 0
                break ret
            }
            fence data-dependent-loads
            %t.3 := offset(%t, 0)
            %next := load %t.3 as "t->next"
            atomic {
                %t.5 := load @top as "top"
                %t.6 := eq(%t.5, %t)
                if %t.6 {
                    store @top, %next as "top"
                }
            }
            if %t.6 {
                break loop1
            }
            continue loop1
        }
        %t.7 := offset(%t, 1)
        %t.8 := load %t.7 as "t->value"
        store %out, %t.8 as "*out"
        %t.9 := ne(%t, 0)
        if %t.9 {
            free fresh %t
        }
        %result := 1
    }
}
