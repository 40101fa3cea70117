union u { int a; int b; };
union u v;
void wx(void) { v.a = 1; }
