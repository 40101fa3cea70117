global g

proc control(%n) -> (%result) {
    %s := 0
    %i := 0
    loop1: {
        %t.1 := lt(%i, %n)
        if %t.1 {
        } else {
            break loop1
        }
        body1: {
            %t.2 := eq(%i, 1)
            if %t.2 {
                break body1
            }
            %t.3 := lt(5, %i)
            if %t.3 {
                break loop1
            }
            %s := add(%s, %i)
        }
        %i := add(%i, 1)
        continue loop1
    }
    loop2: {
        body2: {
            %n := add(%n, -1)
            %t.7 := eq(%n, 3)
            if %t.7 {
                break body2
            }
            %s := add(%s, 1)
        }
        %t.9 := lt(0, %n)
        if %t.9 {
            continue loop2
        }
    }
    switch1: {
        case3: {
            case2: {
                case1: {
                    %t.10 := eq(%s, 0)
                    if %t.10 {
                        break case1
                    }
                    %t.11 := eq(%s, 1)
                    if %t.11 {
                        break case2
                    }
                    %t.12 := eq(%s, 2)
                    if %t.12 {
                        break case2
                    }
                    break case3
                }
                %s := 100
                break switch1
            }
            %s := mul(%s, 2)
        }
        %s := add(%s, 1)
    }
    to_out: {
        %t.15 := lt(50, %s)
        if %t.15 {
            %t.17 := load @g as "g"
            %t.16 := ne(%t.17, 0)
        } else {
            %t.16 := 0
        }
        if %t.16 {
            break to_out
        }
        if %s {
            %t.19 := 1
        } else {
            %t.20 := load @g as "g"
            %t.19 := ne(%t.20, 0)
        }
        if %t.19 {
            %t.22 := %s
        } else {
            %t.22 := -1
        }
        %s := %t.22
    }
    %result := %s
}

proc wait() {
    spin spin1 {
        %t.1 := load @g as "g"
        %t.2 := eq(%t.1, 0)
        if %t.2 {
            continue spin1
        }
    }
}
