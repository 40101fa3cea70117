// Hand translation of publish.c, as the C front end would produce it.
struct node_t { value, next }
global shared

proc publish() {
    loc "testdata/publish.c" 14 5
    observe label "publish"
    loc "testdata/publish.c" 15 17
    %n := alloc fresh node_t
    loc "testdata/publish.c" 16 5
    %pv := offset(%n, 0)
    store %pv, 42 as "n->value"
    loc "testdata/publish.c" 17 5
    %pn := offset(%n, 1)
    store %pn, 0 as "n->next"
    loc "testdata/publish.c" 18 5
    store @shared, %n as "shared"
}

proc consume() {
    loc "testdata/publish.c" 22 5
    observe label "consume"
    loc "testdata/publish.c" 23 17
    %n := load @shared as "shared"
    loc "testdata/publish.c" 24 9
    %nz := ne(%n, 0)
    if %nz {
        loc "testdata/publish.c" 25 24
        %pn := offset(%n, 1)
        %next := load %pn as "n->next"
        loc "testdata/publish.c" 26 13
        %isnull := eq(%next, 0)
        if %isnull {
            loc "testdata/publish.c" 27 41
            %pv := offset(%n, 0)
            %v := load %pv as "n->value"
            loc "testdata/publish.c" 27 13
            observe output "value" %v
        }
    }
}
