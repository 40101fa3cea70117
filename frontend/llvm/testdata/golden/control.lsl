global X
global Y

proc sum(%n) -> (%result) {
    %s := 0
    %i := 0
    b5: {
        loop1: {
            %t.2 := lt(%i, %n)
            if %t.2 {
                %t.4 := eq(%i, 3)
                if %t.4 {
                } else {
                    %t.6 := lt(10, %s)
                    if %t.6 {
                        break b5
                    } else {
                        %s := add(%s, %i)
                    }
                }
                %i := add(%i, 1)
                continue loop1
            }
        }
    }
    %result := %s
}

proc classify(%v) -> (%result) {
    b5: {
        b4: {
            %t.2 := eq(%v, 0)
            if %t.2 {
                %t.1 := 10
                break b5
            } else {
                %t.3 := eq(%v, 1)
                if %t.3 {
                } else {
                    %t.4 := eq(%v, 2)
                    if %t.4 {
                    } else {
                        %v := -1
                        break b4
                    }
                }
            }
            %v := mul(%v, 2)
        }
        %t.1 := %v
    }
    %result := %t.1
}

proc nested() {
    %i := 0
    loop1: {
        %j := 0
        loop2: {
            %t.2 := lt(%j, %i)
            if %t.2 {
                %t.3 := load @X as "X"
                %t.5 := add(%t.3, %j)
                store @X, %t.5 as "X"
                %j := add(%j, 1)
                continue loop2
            }
        }
        %i := add(%i, 1)
        %t.11 := lt(%i, 3)
        if %t.11 {
            continue loop1
        }
    }
}

proc wait_for_y() {
    spin loop1 {
        %t.1 := load @Y as "Y"
        %t.3 := eq(%t.1, 0)
        if %t.3 {
            continue loop1
        }
    }
    store @X, 1 as "X"
}

proc early(%a, %b) -> (%result) {
    b6: {
        %t.3 := lt(%a, 0)
        if %t.3 {
        } else {
            %t.5 := lt(%b, 0)
            if %t.5 {
                %t.1 := -2
                break b6
            } else {
                %a := add(%a, %b)
            }
        }
        %t.1 := %a
    }
    %result := %t.1
}
