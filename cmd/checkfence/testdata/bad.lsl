proc p() {
    %r := frobnicate(1)
}
