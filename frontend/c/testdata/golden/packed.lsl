struct node { key, unused }

composite mpointer (ptr, marked)

global head
global first : node

proc init() {
    store @head, mpointer{@first, 0} as "head"
}

proc mark() -> (%result) {
    ret: {
        %old := load @head as "head"
        %t.2 := get_mpointer_marked(%old)
        if %t.2 {
            %result := 0
            break ret
        }
        %t.3 := set_mpointer_marked(%old, 1)
        atomic {
            %t.4 := load @head as "head"
            %t.5 := eq(%t.4, %old)
            if %t.5 {
                store @head, %t.3 as "head"
            }
        }
        %result := %t.5
    }
}

proc key() -> (%result) {
    %t.1 := load @head as "head"
    %t.2 := get_mpointer_ptr(%t.1)
    %t.3 := offset(%t.2, 0)
    %result := load %t.3 as "lsl_get_mpointer_ptr(head)->key"
}
