/*
 * sum_seq.c -- sum of an array, sequential (specification).
 *
 * Source: seed 001 (TASS tool paper) §4 "Comparative Symbolic Execution",
 * first listing, reproduced as written with B = 10, except that
 * "void main()" is written "int main()" because Clang rejects a void main
 * (reaching the end of main returns 0).  n is an input bounded by B; a[] is an input of real
 * numbers; sum is the output compared with sum_par.c.
 *     chorus compare sum_seq.c sum_par.c --spec-procs 1 -n 1..4
 */
#pragma TASS input int
#define B 10
#pragma TASS input {n>=0 && n<=B} int
#define n 10
#pragma TASS input
double a[n];
#pragma TASS output
double sum;

int main() {
    double result = 0.0;
    int i;
    for (i=0; i<n; i++) result += a[i];
    sum = result;
}
