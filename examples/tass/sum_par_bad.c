/*
 * sum_par_bad.c -- BROKEN: wrong reduction (must be refuted); otherwise as
 * sum_par.c -- sum of an array, block-distributed over MPI processes
 * (implementation).
 *
 * Source: seed 001 §4, second and third listings (computeGlobalSum and
 * main), reproduced as written, except that "void main(int argc, char
 * **argv)" is written "int main(...)" because Clang rejects a void main
 * (reaching the end of main returns 0).  The seed omits the declarations shared by the two
 * functions; added here: the same input/output pragmas as sum_seq.c and
 * the globals nprocs, myrank and localSum (initially 0.0).
 *     chorus compare sum_seq.c sum_par.c --spec-procs 1 -n 1..4
 */
#include <mpi.h>

#pragma TASS input int
#define B 10
#pragma TASS input {n>=0 && n<=B} int
#define n 10
#pragma TASS input
double a[n];
#pragma TASS output
double sum;

int nprocs, myrank;
double localSum = 0.0;

double computeGlobalSum() {
    double result = 0.0, buffer; /* BUG: wrong reduction: the root's own block is left out */
    int i;
    for (i=1; i<nprocs; i++) {
        MPI_Recv(&buffer, 1, MPI_DOUBLE, i, 0, MPI_COMM_WORLD,
            MPI_STATUS_IGNORE);
        result += buffer;
    }
    return result;
}

int main(int argc, char **argv) {
    int first, afterLast, i;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    MPI_Comm_rank(MPI_COMM_WORLD, &myrank);
    first = n*myrank/nprocs;
    afterLast = n*(myrank+1)/nprocs;
    for (i=first; i<afterLast; i++) localSum += a[i];
    if (myrank == 0)
        sum = computeGlobalSum();
    else
        MPI_Send(&localSum, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
    MPI_Finalize();
}
