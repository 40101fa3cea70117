global X
global Y

proc sum(%n) -> (%result) {
    b5: {
        %t.2 := lt(0, %n)
        if %t.2 {
            %i := 0
            %s := 0
            loop1: {
                %t.4 := eq(%i, 3)
                if %t.4 {
                    %s_2 := %s
                } else {
                    %t.6 := lt(10, %s)
                    if %t.6 {
                        %t.7 := %s
                        break b5
                    } else {
                        %s_3 := add(%i, %s)
                        %s_2 := %s_3
                    }
                }
                %i_2 := add(%i, 1)
                %t.11 := eq(%i_2, %n)
                if %t.11 {
                    %t.7 := %s_2
                } else {
                    %i := %i_2
                    %s := %s_2
                    continue loop1
                }
            }
        } else {
            %t.7 := 0
        }
    }
    %result := %t.7
}

proc classify(%v) -> (%result) {
    b3: {
        b2: {
            %t.1 := eq(%v, 0)
            if %t.1 {
                %t.2 := 10
                break b3
            } else {
                %t.3 := eq(%v, 1)
                if %t.3 {
                } else {
                    %t.4 := eq(%v, 2)
                    if %t.4 {
                    } else {
                        %v_2 := -1
                        break b2
                    }
                }
            }
            %v_3 := shl(%v, 1)
            %v_2 := %v_3
        }
        %t.2 := %v_2
    }
    %result := %t.2
}

proc nested() {
    %t.1 := load @X as "X"
    %t.2 := -2
    %t.3 := -1
    %t.4 := %t.1
    %i := 0
    loop1: {
        %t.6 := eq(%i, 0)
        if %t.6 {
            %t.7 := %t.4
        } else {
            %t.9 := zext(%t.3, 32)
            %t.11 := zext(%t.2, 32)
            %t.12 := mul(%t.9, %t.11)
            %t.14 := sext(%t.12, 33)
            %t.15 := zext(%t.14, 33)
            %t.17 := shr(%t.15, 1)
            %t.19 := sext(%t.17, 32)
            %t.20 := add(%t.4, %t.3)
            %t.22 := sext(%t.20, 32)
            %t.23 := add(%t.22, %t.19)
            %t.25 := sext(%t.23, 32)
            store @X, %t.25 as "X"
            %t.7 := %t.25
        }
        %i_2 := add(%i, 1)
        %t.28 := add(%t.3, 1)
        %t.30 := add(%t.2, 1)
        %t.32 := eq(%i_2, 3)
        if %t.32 {
        } else {
            %t.2 := %t.30
            %t.3 := %t.28
            %t.4 := %t.7
            %i := %i_2
            continue loop1
        }
    }
}

proc wait_for_y() {
    %t.1 := load @Y as "Y"
    %t.3 := eq(%t.1, 0)
    if %t.3 {
        spin loop1 {
            continue loop1
        }
    } else {
        store @X, 1 as "X"
    }
}

proc early(%a, %b) -> (%result) {
    %t.2 := lt(%a, 0)
    %t.4 := lt(%b, 0)
    %t.6 := add(%b, %a)
    %t.8 := select(%t.4, -2, %t.6)
    %result := select(%t.2, %a, %t.8)
}
