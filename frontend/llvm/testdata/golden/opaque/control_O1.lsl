global X
global Y
global switch_table_classify : int[3] { 0 = 10, 1 = 2, 2 = 4 }

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
    %t.1 := zext(%v, 32)
    %t.3 := lt(%t.1, 3)
    if %t.3 {
        %t.5 := zext(%v, 32)
        %t.7 := offset(@switch_table_classify, %t.5)
        %t.9 := load %t.7 as "switch.table.classify[t.5]"
    } else {
        %t.9 := -1
    }
    %result := %t.9
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
