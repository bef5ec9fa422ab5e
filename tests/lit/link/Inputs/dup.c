int shared; // a tentative definition: a definition with gcc 12 (-fno-common)
int scale(int x) { return x; }
