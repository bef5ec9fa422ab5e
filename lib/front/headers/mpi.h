/*
 * mpi.h -- chorus's model header for MPI (MPI-3.1 C bindings).
 *
 * chorus parses programs with this folder first on the include path, so this
 * file replaces the system's <mpi.h>.  chorus never links a real MPI library:
 * the verifier recognizes MPI functions by name and models their semantics.
 * This header therefore contains only declarations and constants; it was
 * written from the signatures in the MPI-3.1 standard (chapter 17 and the
 * per-chapter bindings), not copied from any implementation.
 *
 * Conventions the engine relies on (keep them stable):
 *
 *  - Every handle type is an opaque pointer type of its own, as in Open MPI
 *    (`typedef struct ompi_communicator_t *MPI_Comm;`): `MPI_Comm c = NULL;`
 *    compiles, and passing a handle of one kind where another is expected
 *    is an incompatible-pointer-types diagnostic.  The handle's value is
 *    the integer it was made from:
 *        value = (KIND << 24) | INDEX
 *    Kinds: 1 communicator, 2 group, 3 datatype, 4 op, 5 request,
 *    6 errhandler, 7 info, 8 window, 9 file, 10 message.
 *    INDEX 0 is the null handle of the kind (MPI_COMM_NULL, ...), which is
 *    not the null pointer: NULL (value 0, kind 0) is no handle at all, as
 *    in Open MPI.  Predefined handles use indices 1..0xFFF; handles created
 *    at run time by the model use indices from
 *    CHORUS_MPI_FIRST_DYNAMIC_INDEX upward.  All predefined handles are
 *    thus distinct, even across kinds.  chorus's front end gives values of
 *    these types (pointers to the incomplete structs `chorus_MPI_...`) the
 *    model type of a 32-bit integer holding that value.

 *  - Special buffer/status addresses are addresses of distinct extern
 *    objects that no program defines:
 *        MPI_IN_PLACE        &chorus_mpi_in_place_
 *        MPI_BOTTOM          &chorus_mpi_bottom_
 *        MPI_STATUS_IGNORE   &chorus_mpi_status_ignore_
 *        MPI_STATUSES_IGNORE &chorus_mpi_statuses_ignore_
 *        MPI_ERRCODES_IGNORE &chorus_mpi_errcodes_ignore_
 *        MPI_UNWEIGHTED      &chorus_mpi_unweighted_
 *        MPI_WEIGHTS_EMPTY   &chorus_mpi_weights_empty_
 *        MPI_ARGV_NULL       &chorus_mpi_argv_null_
 *        MPI_ARGVS_NULL      &chorus_mpi_argvs_null_
 *
 *  - MPI_Status carries MPI_SOURCE, MPI_TAG, MPI_ERROR and two internal
 *    fields: the number of bytes received and the cancelled flag.
 *
 *  - The profiling interface (PMPI_) is not declared.
 */
#ifndef CHORUS_MODEL_MPI_H
#define CHORUS_MODEL_MPI_H

#include <stddef.h>

#define CHORUS_MODEL_MPI 1

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Version                                                              */
/* ------------------------------------------------------------------ */
#define MPI_VERSION    3
#define MPI_SUBVERSION 1

/* ------------------------------------------------------------------ */
/* Basic types                                                          */
/* ------------------------------------------------------------------ */
typedef long      MPI_Aint;   /* address-sized signed integer */
typedef long long MPI_Offset; /* file offsets */
typedef long long MPI_Count;  /* large counts */
typedef int       MPI_Fint;   /* Fortran INTEGER */

/* Handles: opaque pointers, one type per kind (see the encoding above). */
typedef struct chorus_MPI_Comm *MPI_Comm;
typedef struct chorus_MPI_Group *MPI_Group;
typedef struct chorus_MPI_Datatype *MPI_Datatype;
typedef struct chorus_MPI_Op *MPI_Op;
typedef struct chorus_MPI_Request *MPI_Request;
typedef struct chorus_MPI_Errhandler *MPI_Errhandler;
typedef struct chorus_MPI_Info *MPI_Info;
typedef struct chorus_MPI_Win *MPI_Win;
typedef struct chorus_MPI_File *MPI_File;
typedef struct chorus_MPI_Message *MPI_Message;

typedef struct MPI_Status {
  int MPI_SOURCE;
  int MPI_TAG;
  int MPI_ERROR;
  /* internal to chorus: bytes received, and whether the request was
     cancelled */
  MPI_Count chorus_count_;
  int chorus_cancelled_;
} MPI_Status;

/* the handle of type TYPE with value (KIND << 24) | INDEX: an integer
   constant cast to a pointer type, an address constant (static
   initializers may use it) */
#define CHORUS_MPI_HANDLE(type, kind, index) ((type)(((long)(kind) << 24) | (index)))
#define CHORUS_MPI_KIND_COMM       1
#define CHORUS_MPI_KIND_GROUP      2
#define CHORUS_MPI_KIND_DATATYPE   3
#define CHORUS_MPI_KIND_OP         4
#define CHORUS_MPI_KIND_REQUEST    5
#define CHORUS_MPI_KIND_ERRHANDLER 6
#define CHORUS_MPI_KIND_INFO       7
#define CHORUS_MPI_KIND_WIN        8
#define CHORUS_MPI_KIND_FILE       9
#define CHORUS_MPI_KIND_MESSAGE    10
#define CHORUS_MPI_FIRST_DYNAMIC_INDEX 0x1000

/* ------------------------------------------------------------------ */
/* Callback function types                                              */
/* ------------------------------------------------------------------ */
typedef void MPI_User_function(void *invec, void *inoutvec, int *len,
                               MPI_Datatype *datatype);

typedef int MPI_Comm_copy_attr_function(MPI_Comm oldcomm, int comm_keyval,
                                        void *extra_state,
                                        void *attribute_val_in,
                                        void *attribute_val_out, int *flag);
typedef int MPI_Comm_delete_attr_function(MPI_Comm comm, int comm_keyval,
                                          void *attribute_val,
                                          void *extra_state);
typedef int MPI_Type_copy_attr_function(MPI_Datatype oldtype,
                                        int type_keyval, void *extra_state,
                                        void *attribute_val_in,
                                        void *attribute_val_out, int *flag);
typedef int MPI_Type_delete_attr_function(MPI_Datatype datatype,
                                          int type_keyval,
                                          void *attribute_val,
                                          void *extra_state);
typedef int MPI_Win_copy_attr_function(MPI_Win oldwin, int win_keyval,
                                       void *extra_state,
                                       void *attribute_val_in,
                                       void *attribute_val_out, int *flag);
typedef int MPI_Win_delete_attr_function(MPI_Win win, int win_keyval,
                                         void *attribute_val,
                                         void *extra_state);

typedef void MPI_Comm_errhandler_function(MPI_Comm *comm, int *error_code,
                                          ...);
typedef void MPI_Win_errhandler_function(MPI_Win *win, int *error_code, ...);
typedef void MPI_File_errhandler_function(MPI_File *file, int *error_code,
                                          ...);
/* MPI-2 names kept by MPI-3.1 */
typedef MPI_Comm_errhandler_function MPI_Comm_errhandler_fn;
typedef MPI_Win_errhandler_function MPI_Win_errhandler_fn;
typedef MPI_File_errhandler_function MPI_File_errhandler_fn;

/* Deprecated (MPI-1) attribute callbacks, still in MPI-3.1 */
typedef int MPI_Copy_function(MPI_Comm oldcomm, int keyval, void *extra_state,
                              void *attribute_val_in,
                              void *attribute_val_out, int *flag);
typedef int MPI_Delete_function(MPI_Comm comm, int keyval,
                                void *attribute_val, void *extra_state);

/* Generalized requests */
typedef int MPI_Grequest_query_function(void *extra_state,
                                        MPI_Status *status);
typedef int MPI_Grequest_free_function(void *extra_state);
typedef int MPI_Grequest_cancel_function(void *extra_state, int complete);

/* ------------------------------------------------------------------ */
/* Null handles                                                         */
/* ------------------------------------------------------------------ */
#define MPI_COMM_NULL       CHORUS_MPI_HANDLE(MPI_Comm, 1, 0)
#define MPI_GROUP_NULL      CHORUS_MPI_HANDLE(MPI_Group, 2, 0)
#define MPI_DATATYPE_NULL   CHORUS_MPI_HANDLE(MPI_Datatype, 3, 0)
#define MPI_OP_NULL         CHORUS_MPI_HANDLE(MPI_Op, 4, 0)
#define MPI_REQUEST_NULL    CHORUS_MPI_HANDLE(MPI_Request, 5, 0)
#define MPI_ERRHANDLER_NULL CHORUS_MPI_HANDLE(MPI_Errhandler, 6, 0)
#define MPI_INFO_NULL       CHORUS_MPI_HANDLE(MPI_Info, 7, 0)
#define MPI_WIN_NULL        CHORUS_MPI_HANDLE(MPI_Win, 8, 0)
#define MPI_FILE_NULL       CHORUS_MPI_HANDLE(MPI_File, 9, 0)
#define MPI_MESSAGE_NULL    CHORUS_MPI_HANDLE(MPI_Message, 10, 0)
/* the message handle of a matched probe from MPI_PROC_NULL (MPI 3.1 §3.8.2) */
#define MPI_MESSAGE_NO_PROC CHORUS_MPI_HANDLE(MPI_Message, 10, 1)

/* ------------------------------------------------------------------ */
/* Predefined communicators and groups                                  */
/* ------------------------------------------------------------------ */
#define MPI_COMM_WORLD  CHORUS_MPI_HANDLE(MPI_Comm, 1, 1)
#define MPI_COMM_SELF   CHORUS_MPI_HANDLE(MPI_Comm, 1, 2)
#define MPI_GROUP_EMPTY CHORUS_MPI_HANDLE(MPI_Group, 2, 1)

/* ------------------------------------------------------------------ */
/* Predefined datatypes                                                 */
/* ------------------------------------------------------------------ */
#define MPI_CHAR               CHORUS_MPI_HANDLE(MPI_Datatype, 3, 1)
#define MPI_SIGNED_CHAR        CHORUS_MPI_HANDLE(MPI_Datatype, 3, 2)
#define MPI_UNSIGNED_CHAR      CHORUS_MPI_HANDLE(MPI_Datatype, 3, 3)
#define MPI_BYTE               CHORUS_MPI_HANDLE(MPI_Datatype, 3, 4)
#define MPI_SHORT              CHORUS_MPI_HANDLE(MPI_Datatype, 3, 5)
#define MPI_UNSIGNED_SHORT     CHORUS_MPI_HANDLE(MPI_Datatype, 3, 6)
#define MPI_INT                CHORUS_MPI_HANDLE(MPI_Datatype, 3, 7)
#define MPI_UNSIGNED           CHORUS_MPI_HANDLE(MPI_Datatype, 3, 8)
#define MPI_LONG               CHORUS_MPI_HANDLE(MPI_Datatype, 3, 9)
#define MPI_UNSIGNED_LONG      CHORUS_MPI_HANDLE(MPI_Datatype, 3, 10)
#define MPI_LONG_LONG_INT      CHORUS_MPI_HANDLE(MPI_Datatype, 3, 11)
#define MPI_LONG_LONG          MPI_LONG_LONG_INT /* synonym, same handle */
#define MPI_UNSIGNED_LONG_LONG CHORUS_MPI_HANDLE(MPI_Datatype, 3, 12)
#define MPI_FLOAT              CHORUS_MPI_HANDLE(MPI_Datatype, 3, 13)
#define MPI_DOUBLE             CHORUS_MPI_HANDLE(MPI_Datatype, 3, 14)
#define MPI_LONG_DOUBLE        CHORUS_MPI_HANDLE(MPI_Datatype, 3, 15)
#define MPI_WCHAR              CHORUS_MPI_HANDLE(MPI_Datatype, 3, 16)
#define MPI_C_BOOL             CHORUS_MPI_HANDLE(MPI_Datatype, 3, 17)
#define MPI_INT8_T             CHORUS_MPI_HANDLE(MPI_Datatype, 3, 18)
#define MPI_INT16_T            CHORUS_MPI_HANDLE(MPI_Datatype, 3, 19)
#define MPI_INT32_T            CHORUS_MPI_HANDLE(MPI_Datatype, 3, 20)
#define MPI_INT64_T            CHORUS_MPI_HANDLE(MPI_Datatype, 3, 21)
#define MPI_UINT8_T            CHORUS_MPI_HANDLE(MPI_Datatype, 3, 22)
#define MPI_UINT16_T           CHORUS_MPI_HANDLE(MPI_Datatype, 3, 23)
#define MPI_UINT32_T           CHORUS_MPI_HANDLE(MPI_Datatype, 3, 24)
#define MPI_UINT64_T           CHORUS_MPI_HANDLE(MPI_Datatype, 3, 25)
#define MPI_AINT               CHORUS_MPI_HANDLE(MPI_Datatype, 3, 26)
#define MPI_OFFSET             CHORUS_MPI_HANDLE(MPI_Datatype, 3, 27)
#define MPI_COUNT              CHORUS_MPI_HANDLE(MPI_Datatype, 3, 28)
#define MPI_C_COMPLEX          CHORUS_MPI_HANDLE(MPI_Datatype, 3, 29)
#define MPI_C_FLOAT_COMPLEX    MPI_C_COMPLEX /* synonym, same handle */
#define MPI_C_DOUBLE_COMPLEX   CHORUS_MPI_HANDLE(MPI_Datatype, 3, 30)
#define MPI_C_LONG_DOUBLE_COMPLEX CHORUS_MPI_HANDLE(MPI_Datatype, 3, 31)
#define MPI_PACKED             CHORUS_MPI_HANDLE(MPI_Datatype, 3, 32)
/* pair types for MPI_MAXLOC / MPI_MINLOC */
#define MPI_FLOAT_INT          CHORUS_MPI_HANDLE(MPI_Datatype, 3, 33)
#define MPI_DOUBLE_INT         CHORUS_MPI_HANDLE(MPI_Datatype, 3, 34)
#define MPI_LONG_INT           CHORUS_MPI_HANDLE(MPI_Datatype, 3, 35)
#define MPI_2INT               CHORUS_MPI_HANDLE(MPI_Datatype, 3, 36)
#define MPI_SHORT_INT          CHORUS_MPI_HANDLE(MPI_Datatype, 3, 37)
#define MPI_LONG_DOUBLE_INT    CHORUS_MPI_HANDLE(MPI_Datatype, 3, 38)
/* deprecated bound markers (removed in MPI-3.0, kept for old tests) */
#define MPI_LB                 CHORUS_MPI_HANDLE(MPI_Datatype, 3, 39)
#define MPI_UB                 CHORUS_MPI_HANDLE(MPI_Datatype, 3, 40)
/* Fortran types callable from C */
#define MPI_INTEGER            CHORUS_MPI_HANDLE(MPI_Datatype, 3, 41)
#define MPI_REAL               CHORUS_MPI_HANDLE(MPI_Datatype, 3, 42)
#define MPI_DOUBLE_PRECISION   CHORUS_MPI_HANDLE(MPI_Datatype, 3, 43)
#define MPI_LOGICAL            CHORUS_MPI_HANDLE(MPI_Datatype, 3, 44)
#define MPI_CHARACTER          CHORUS_MPI_HANDLE(MPI_Datatype, 3, 45)
#define MPI_COMPLEX            CHORUS_MPI_HANDLE(MPI_Datatype, 3, 46)
#define MPI_DOUBLE_COMPLEX     CHORUS_MPI_HANDLE(MPI_Datatype, 3, 47)
#define MPI_2INTEGER           CHORUS_MPI_HANDLE(MPI_Datatype, 3, 48)
#define MPI_2REAL              CHORUS_MPI_HANDLE(MPI_Datatype, 3, 49)
#define MPI_2DOUBLE_PRECISION  CHORUS_MPI_HANDLE(MPI_Datatype, 3, 50)

/* ------------------------------------------------------------------ */
/* Predefined reduction operations                                      */
/* ------------------------------------------------------------------ */
#define MPI_MAX     CHORUS_MPI_HANDLE(MPI_Op, 4, 1)
#define MPI_MIN     CHORUS_MPI_HANDLE(MPI_Op, 4, 2)
#define MPI_SUM     CHORUS_MPI_HANDLE(MPI_Op, 4, 3)
#define MPI_PROD    CHORUS_MPI_HANDLE(MPI_Op, 4, 4)
#define MPI_LAND    CHORUS_MPI_HANDLE(MPI_Op, 4, 5)
#define MPI_BAND    CHORUS_MPI_HANDLE(MPI_Op, 4, 6)
#define MPI_LOR     CHORUS_MPI_HANDLE(MPI_Op, 4, 7)
#define MPI_BOR     CHORUS_MPI_HANDLE(MPI_Op, 4, 8)
#define MPI_LXOR    CHORUS_MPI_HANDLE(MPI_Op, 4, 9)
#define MPI_BXOR    CHORUS_MPI_HANDLE(MPI_Op, 4, 10)
#define MPI_MAXLOC  CHORUS_MPI_HANDLE(MPI_Op, 4, 11)
#define MPI_MINLOC  CHORUS_MPI_HANDLE(MPI_Op, 4, 12)
#define MPI_REPLACE CHORUS_MPI_HANDLE(MPI_Op, 4, 13)
#define MPI_NO_OP   CHORUS_MPI_HANDLE(MPI_Op, 4, 14)

/* ------------------------------------------------------------------ */
/* Predefined error handlers and info                                   */
/* ------------------------------------------------------------------ */
#define MPI_ERRORS_ARE_FATAL CHORUS_MPI_HANDLE(MPI_Errhandler, 6, 1)
#define MPI_ERRORS_RETURN    CHORUS_MPI_HANDLE(MPI_Errhandler, 6, 2)
#define MPI_INFO_ENV         CHORUS_MPI_HANDLE(MPI_Info, 7, 1)

/* ------------------------------------------------------------------ */
/* Special addresses (see the conventions at the top)                   */
/* ------------------------------------------------------------------ */
extern int chorus_mpi_in_place_;
extern int chorus_mpi_bottom_;
extern MPI_Status chorus_mpi_status_ignore_;
extern MPI_Status chorus_mpi_statuses_ignore_[1];
extern int chorus_mpi_errcodes_ignore_[1];
extern int chorus_mpi_unweighted_;
extern int chorus_mpi_weights_empty_;
extern char *chorus_mpi_argv_null_[1];
extern char **chorus_mpi_argvs_null_[1];

#define MPI_IN_PLACE        ((void *)&chorus_mpi_in_place_)
#define MPI_BOTTOM          ((void *)&chorus_mpi_bottom_)
#define MPI_STATUS_IGNORE   (&chorus_mpi_status_ignore_)
#define MPI_STATUSES_IGNORE (chorus_mpi_statuses_ignore_)
#define MPI_ERRCODES_IGNORE (chorus_mpi_errcodes_ignore_)
#define MPI_UNWEIGHTED      ((int *)&chorus_mpi_unweighted_)
#define MPI_WEIGHTS_EMPTY   ((int *)&chorus_mpi_weights_empty_)
#define MPI_ARGV_NULL       (chorus_mpi_argv_null_)
#define MPI_ARGVS_NULL      (chorus_mpi_argvs_null_)

/* ------------------------------------------------------------------ */
/* Special ranks, tags and values                                       */
/* ------------------------------------------------------------------ */
#define MPI_ANY_SOURCE     (-1)
#define MPI_ANY_TAG        (-1)
#define MPI_PROC_NULL      (-2)
#define MPI_ROOT           (-3)
#define MPI_UNDEFINED      (-32766)
#define MPI_KEYVAL_INVALID (-1)
#define MPI_BSEND_OVERHEAD 128

/* upper bound of MPI_TAG_UB guaranteed by the model */
#define CHORUS_MPI_TAG_UB_VALUE 32767
/* the value MPI_Comm_get_attr(comm, MPI_TAG_UB, &p, &flag) points p to */
static int chorus_mpi_tag_ub_ = CHORUS_MPI_TAG_UB_VALUE;

/* ------------------------------------------------------------------ */
/* Predefined attribute keys                                            */
/* ------------------------------------------------------------------ */
/* MPI_TAG_UB names the object so that the model keeps it (key value 1) */
#define MPI_TAG_UB          ((void)&chorus_mpi_tag_ub_, 1)
#define MPI_HOST            2
#define MPI_IO              3
#define MPI_WTIME_IS_GLOBAL 4
#define MPI_UNIVERSE_SIZE   5
#define MPI_LASTUSEDCODE    6
#define MPI_APPNUM          7
#define MPI_WIN_BASE        8
#define MPI_WIN_SIZE        9
#define MPI_WIN_DISP_UNIT   10
#define MPI_WIN_CREATE_FLAVOR 11
#define MPI_WIN_MODEL       12

/* ------------------------------------------------------------------ */
/* Error classes                                                        */
/* ------------------------------------------------------------------ */
#define MPI_SUCCESS                  0
#define MPI_ERR_BUFFER               1
#define MPI_ERR_COUNT                2
#define MPI_ERR_TYPE                 3
#define MPI_ERR_TAG                  4
#define MPI_ERR_COMM                 5
#define MPI_ERR_RANK                 6
#define MPI_ERR_REQUEST              7
#define MPI_ERR_ROOT                 8
#define MPI_ERR_GROUP                9
#define MPI_ERR_OP                   10
#define MPI_ERR_TOPOLOGY             11
#define MPI_ERR_DIMS                 12
#define MPI_ERR_ARG                  13
#define MPI_ERR_UNKNOWN              14
#define MPI_ERR_TRUNCATE             15
#define MPI_ERR_OTHER                16
#define MPI_ERR_INTERN               17
#define MPI_ERR_IN_STATUS            18
#define MPI_ERR_PENDING              19
#define MPI_ERR_KEYVAL               20
#define MPI_ERR_NO_MEM               21
#define MPI_ERR_BASE                 22
#define MPI_ERR_INFO_KEY             23
#define MPI_ERR_INFO_VALUE           24
#define MPI_ERR_INFO_NOKEY           25
#define MPI_ERR_SPAWN                26
#define MPI_ERR_PORT                 27
#define MPI_ERR_SERVICE              28
#define MPI_ERR_NAME                 29
#define MPI_ERR_WIN                  30
#define MPI_ERR_SIZE                 31
#define MPI_ERR_DISP                 32
#define MPI_ERR_INFO                 33
#define MPI_ERR_LOCKTYPE             34
#define MPI_ERR_ASSERT               35
#define MPI_ERR_RMA_CONFLICT         36
#define MPI_ERR_RMA_SYNC             37
#define MPI_ERR_RMA_RANGE            38
#define MPI_ERR_RMA_ATTACH           39
#define MPI_ERR_RMA_SHARED           40
#define MPI_ERR_RMA_FLAVOR           41
#define MPI_ERR_FILE                 42
#define MPI_ERR_NOT_SAME             43
#define MPI_ERR_AMODE                44
#define MPI_ERR_UNSUPPORTED_DATAREP  45
#define MPI_ERR_UNSUPPORTED_OPERATION 46
#define MPI_ERR_NO_SUCH_FILE         47
#define MPI_ERR_FILE_EXISTS          48
#define MPI_ERR_BAD_FILE             49
#define MPI_ERR_ACCESS               50
#define MPI_ERR_NO_SPACE             51
#define MPI_ERR_QUOTA                52
#define MPI_ERR_READ_ONLY            53
#define MPI_ERR_FILE_IN_USE          54
#define MPI_ERR_DUP_DATAREP          55
#define MPI_ERR_CONVERSION           56
#define MPI_ERR_IO                   57
#define MPI_ERR_LASTCODE             100

/* ------------------------------------------------------------------ */
/* Thread levels, comparison results, topologies, misc. enumerations    */
/* ------------------------------------------------------------------ */
#define MPI_THREAD_SINGLE     0
#define MPI_THREAD_FUNNELED   1
#define MPI_THREAD_SERIALIZED 2
#define MPI_THREAD_MULTIPLE   3

#define MPI_IDENT     0
#define MPI_CONGRUENT 1
#define MPI_SIMILAR   2
#define MPI_UNEQUAL   3

#define MPI_GRAPH      1
#define MPI_CART       2
#define MPI_DIST_GRAPH 3

#define MPI_COMM_TYPE_SHARED 1

#define MPI_MAX_PROCESSOR_NAME         256
#define MPI_MAX_ERROR_STRING           256
#define MPI_MAX_OBJECT_NAME            128
#define MPI_MAX_INFO_KEY               255
#define MPI_MAX_INFO_VAL               1024
#define MPI_MAX_PORT_NAME              1024
#define MPI_MAX_DATAREP_STRING         128
#define MPI_MAX_LIBRARY_VERSION_STRING 256

/* datatype decoding */
#define MPI_COMBINER_NAMED          1
#define MPI_COMBINER_DUP            2
#define MPI_COMBINER_CONTIGUOUS     3
#define MPI_COMBINER_VECTOR         4
#define MPI_COMBINER_HVECTOR_INTEGER 5
#define MPI_COMBINER_HVECTOR        6
#define MPI_COMBINER_INDEXED        7
#define MPI_COMBINER_HINDEXED_INTEGER 8
#define MPI_COMBINER_HINDEXED       9
#define MPI_COMBINER_INDEXED_BLOCK  10
#define MPI_COMBINER_HINDEXED_BLOCK 11
#define MPI_COMBINER_STRUCT_INTEGER 12
#define MPI_COMBINER_STRUCT         13
#define MPI_COMBINER_SUBARRAY       14
#define MPI_COMBINER_DARRAY         15
#define MPI_COMBINER_F90_REAL       16
#define MPI_COMBINER_F90_COMPLEX    17
#define MPI_COMBINER_F90_INTEGER    18
#define MPI_COMBINER_RESIZED        19

#define MPI_TYPECLASS_REAL    1
#define MPI_TYPECLASS_INTEGER 2
#define MPI_TYPECLASS_COMPLEX 3

#define MPI_ORDER_C       0
#define MPI_ORDER_FORTRAN 1
#define MPI_DISTRIBUTE_BLOCK     0
#define MPI_DISTRIBUTE_CYCLIC    1
#define MPI_DISTRIBUTE_NONE      2
#define MPI_DISTRIBUTE_DFLT_DARG (-49767)

/* one-sided */
#define MPI_LOCK_EXCLUSIVE 1
#define MPI_LOCK_SHARED    2
#define MPI_MODE_NOCHECK   1
#define MPI_MODE_NOSTORE   2
#define MPI_MODE_NOPUT     4
#define MPI_MODE_NOPRECEDE 8
#define MPI_MODE_NOSUCCEED 16
#define MPI_WIN_FLAVOR_CREATE   1
#define MPI_WIN_FLAVOR_ALLOCATE 2
#define MPI_WIN_FLAVOR_DYNAMIC  3
#define MPI_WIN_FLAVOR_SHARED   4
#define MPI_WIN_SEPARATE 1
#define MPI_WIN_UNIFIED  2

/* files (access modes are bit flags; MPI_MODE_* for windows above are a
   separate namespace in the standard, so the values may coincide) */
#define MPI_MODE_RDONLY          2
#define MPI_MODE_RDWR            8
#define MPI_MODE_WRONLY          4
#define MPI_MODE_CREATE          1
#define MPI_MODE_EXCL            64
#define MPI_MODE_DELETE_ON_CLOSE 16
#define MPI_MODE_UNIQUE_OPEN     32
#define MPI_MODE_APPEND          128
#define MPI_MODE_SEQUENTIAL      256
#define MPI_SEEK_SET             600
#define MPI_SEEK_CUR             602
#define MPI_SEEK_END             604
#define MPI_DISPLACEMENT_CURRENT (-54278278)

/* ------------------------------------------------------------------ */
/* Predefined attribute callbacks (functions, modelled by name)         */
/* ------------------------------------------------------------------ */
int MPI_COMM_NULL_COPY_FN(MPI_Comm oldcomm, int comm_keyval,
                          void *extra_state, void *attribute_val_in,
                          void *attribute_val_out, int *flag);
int MPI_COMM_DUP_FN(MPI_Comm oldcomm, int comm_keyval, void *extra_state,
                    void *attribute_val_in, void *attribute_val_out,
                    int *flag);
int MPI_COMM_NULL_DELETE_FN(MPI_Comm comm, int comm_keyval,
                            void *attribute_val, void *extra_state);
int MPI_TYPE_NULL_COPY_FN(MPI_Datatype oldtype, int type_keyval,
                          void *extra_state, void *attribute_val_in,
                          void *attribute_val_out, int *flag);
int MPI_TYPE_DUP_FN(MPI_Datatype oldtype, int type_keyval, void *extra_state,
                    void *attribute_val_in, void *attribute_val_out,
                    int *flag);
int MPI_TYPE_NULL_DELETE_FN(MPI_Datatype datatype, int type_keyval,
                            void *attribute_val, void *extra_state);
int MPI_WIN_NULL_COPY_FN(MPI_Win oldwin, int win_keyval, void *extra_state,
                         void *attribute_val_in, void *attribute_val_out,
                         int *flag);
int MPI_WIN_DUP_FN(MPI_Win oldwin, int win_keyval, void *extra_state,
                   void *attribute_val_in, void *attribute_val_out,
                   int *flag);
int MPI_WIN_NULL_DELETE_FN(MPI_Win win, int win_keyval, void *attribute_val,
                           void *extra_state);
/* deprecated MPI-1 names */
int MPI_NULL_COPY_FN(MPI_Comm oldcomm, int keyval, void *extra_state,
                     void *attribute_val_in, void *attribute_val_out,
                     int *flag);
int MPI_DUP_FN(MPI_Comm oldcomm, int keyval, void *extra_state,
               void *attribute_val_in, void *attribute_val_out, int *flag);
int MPI_NULL_DELETE_FN(MPI_Comm comm, int keyval, void *attribute_val,
                       void *extra_state);

/* ================================================================== */
/* Functions                                                            */
/* ================================================================== */

/* ---- Environment (MPI-3.1 ch. 8) ---------------------------------- */
int MPI_Init(int *argc, char ***argv);
int MPI_Init_thread(int *argc, char ***argv, int required, int *provided);
int MPI_Finalize(void);
int MPI_Initialized(int *flag);
int MPI_Finalized(int *flag);
int MPI_Abort(MPI_Comm comm, int errorcode);
int MPI_Query_thread(int *provided);
int MPI_Is_thread_main(int *flag);
double MPI_Wtime(void);
double MPI_Wtick(void);
int MPI_Get_processor_name(char *name, int *resultlen);
int MPI_Get_version(int *version, int *subversion);
int MPI_Get_library_version(char *version, int *resultlen);
int MPI_Alloc_mem(MPI_Aint size, MPI_Info info, void *baseptr);
int MPI_Free_mem(void *base);

/* ---- Errors ------------------------------------------------------- */
int MPI_Error_string(int errorcode, char *string, int *resultlen);
int MPI_Error_class(int errorcode, int *errorclass);
int MPI_Add_error_class(int *errorclass);
int MPI_Add_error_code(int errorclass, int *errorcode);
int MPI_Add_error_string(int errorcode, const char *string);
int MPI_Comm_create_errhandler(MPI_Comm_errhandler_function *comm_errhandler_fn,
                               MPI_Errhandler *errhandler);
int MPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler);
int MPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler *errhandler);
int MPI_Comm_call_errhandler(MPI_Comm comm, int errorcode);
int MPI_Errhandler_free(MPI_Errhandler *errhandler);
/* removed in MPI-3.0, kept for old test programs */
int MPI_Errhandler_set(MPI_Comm comm, MPI_Errhandler errhandler);
int MPI_Errhandler_get(MPI_Comm comm, MPI_Errhandler *errhandler);
int MPI_Win_create_errhandler(MPI_Win_errhandler_function *win_errhandler_fn,
                              MPI_Errhandler *errhandler);
int MPI_Win_set_errhandler(MPI_Win win, MPI_Errhandler errhandler);
int MPI_Win_get_errhandler(MPI_Win win, MPI_Errhandler *errhandler);
int MPI_File_create_errhandler(MPI_File_errhandler_function *file_errhandler_fn,
                               MPI_Errhandler *errhandler);
int MPI_File_set_errhandler(MPI_File file, MPI_Errhandler errhandler);
int MPI_File_get_errhandler(MPI_File file, MPI_Errhandler *errhandler);

/* ---- Blocking point-to-point (ch. 3) ------------------------------ */
int MPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest,
             int tag, MPI_Comm comm);
int MPI_Ssend(const void *buf, int count, MPI_Datatype datatype, int dest,
              int tag, MPI_Comm comm);
int MPI_Bsend(const void *buf, int count, MPI_Datatype datatype, int dest,
              int tag, MPI_Comm comm);
int MPI_Rsend(const void *buf, int count, MPI_Datatype datatype, int dest,
              int tag, MPI_Comm comm);
int MPI_Recv(void *buf, int count, MPI_Datatype datatype, int source,
             int tag, MPI_Comm comm, MPI_Status *status);
int MPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                 int dest, int sendtag, void *recvbuf, int recvcount,
                 MPI_Datatype recvtype, int source, int recvtag,
                 MPI_Comm comm, MPI_Status *status);
int MPI_Sendrecv_replace(void *buf, int count, MPI_Datatype datatype,
                         int dest, int sendtag, int source, int recvtag,
                         MPI_Comm comm, MPI_Status *status);
int MPI_Get_count(const MPI_Status *status, MPI_Datatype datatype,
                  int *count);
int MPI_Get_elements(const MPI_Status *status, MPI_Datatype datatype,
                     int *count);
int MPI_Get_elements_x(const MPI_Status *status, MPI_Datatype datatype,
                       MPI_Count *count);
int MPI_Buffer_attach(void *buffer, int size);
int MPI_Buffer_detach(void *buffer_addr, int *size);
int MPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *status);
int MPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag,
               MPI_Status *status);
int MPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message *message,
               MPI_Status *status);
int MPI_Improbe(int source, int tag, MPI_Comm comm, int *flag,
                MPI_Message *message, MPI_Status *status);
int MPI_Mrecv(void *buf, int count, MPI_Datatype datatype,
              MPI_Message *message, MPI_Status *status);
int MPI_Imrecv(void *buf, int count, MPI_Datatype datatype,
               MPI_Message *message, MPI_Request *request);

/* ---- Nonblocking point-to-point and completion -------------------- */
int MPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest,
              int tag, MPI_Comm comm, MPI_Request *request);
int MPI_Issend(const void *buf, int count, MPI_Datatype datatype, int dest,
               int tag, MPI_Comm comm, MPI_Request *request);
int MPI_Ibsend(const void *buf, int count, MPI_Datatype datatype, int dest,
               int tag, MPI_Comm comm, MPI_Request *request);
int MPI_Irsend(const void *buf, int count, MPI_Datatype datatype, int dest,
               int tag, MPI_Comm comm, MPI_Request *request);
int MPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source,
              int tag, MPI_Comm comm, MPI_Request *request);
int MPI_Wait(MPI_Request *request, MPI_Status *status);
int MPI_Waitall(int count, MPI_Request array_of_requests[],
                MPI_Status array_of_statuses[]);
int MPI_Waitany(int count, MPI_Request array_of_requests[], int *indx,
                MPI_Status *status);
int MPI_Waitsome(int incount, MPI_Request array_of_requests[],
                 int *outcount, int array_of_indices[],
                 MPI_Status array_of_statuses[]);
int MPI_Test(MPI_Request *request, int *flag, MPI_Status *status);
int MPI_Testall(int count, MPI_Request array_of_requests[], int *flag,
                MPI_Status array_of_statuses[]);
int MPI_Testany(int count, MPI_Request array_of_requests[], int *indx,
                int *flag, MPI_Status *status);
int MPI_Testsome(int incount, MPI_Request array_of_requests[],
                 int *outcount, int array_of_indices[],
                 MPI_Status array_of_statuses[]);
int MPI_Request_free(MPI_Request *request);
int MPI_Request_get_status(MPI_Request request, int *flag,
                           MPI_Status *status);
int MPI_Cancel(MPI_Request *request);
int MPI_Test_cancelled(const MPI_Status *status, int *flag);
int MPI_Status_set_cancelled(MPI_Status *status, int flag);
int MPI_Status_set_elements(MPI_Status *status, MPI_Datatype datatype,
                            int count);
int MPI_Status_set_elements_x(MPI_Status *status, MPI_Datatype datatype,
                              MPI_Count count);
int MPI_Grequest_start(MPI_Grequest_query_function *query_fn,
                       MPI_Grequest_free_function *free_fn,
                       MPI_Grequest_cancel_function *cancel_fn,
                       void *extra_state, MPI_Request *request);
int MPI_Grequest_complete(MPI_Request request);

/* ---- Persistent requests ------------------------------------------ */
int MPI_Send_init(const void *buf, int count, MPI_Datatype datatype,
                  int dest, int tag, MPI_Comm comm, MPI_Request *request);
int MPI_Ssend_init(const void *buf, int count, MPI_Datatype datatype,
                   int dest, int tag, MPI_Comm comm, MPI_Request *request);
int MPI_Bsend_init(const void *buf, int count, MPI_Datatype datatype,
                   int dest, int tag, MPI_Comm comm, MPI_Request *request);
int MPI_Rsend_init(const void *buf, int count, MPI_Datatype datatype,
                   int dest, int tag, MPI_Comm comm, MPI_Request *request);
int MPI_Recv_init(void *buf, int count, MPI_Datatype datatype, int source,
                  int tag, MPI_Comm comm, MPI_Request *request);
int MPI_Start(MPI_Request *request);
int MPI_Startall(int count, MPI_Request array_of_requests[]);

/* ---- Datatypes (ch. 4) -------------------------------------------- */
int MPI_Type_contiguous(int count, MPI_Datatype oldtype,
                        MPI_Datatype *newtype);
int MPI_Type_vector(int count, int blocklength, int stride,
                    MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Type_create_hvector(int count, int blocklength, MPI_Aint stride,
                            MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Type_indexed(int count, const int array_of_blocklengths[],
                     const int array_of_displacements[],
                     MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Type_create_hindexed(int count, const int array_of_blocklengths[],
                             const MPI_Aint array_of_displacements[],
                             MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Type_create_indexed_block(int count, int blocklength,
                                  const int array_of_displacements[],
                                  MPI_Datatype oldtype,
                                  MPI_Datatype *newtype);
int MPI_Type_create_hindexed_block(int count, int blocklength,
                                   const MPI_Aint array_of_displacements[],
                                   MPI_Datatype oldtype,
                                   MPI_Datatype *newtype);
int MPI_Type_create_struct(int count, const int array_of_blocklengths[],
                           const MPI_Aint array_of_displacements[],
                           const MPI_Datatype array_of_types[],
                           MPI_Datatype *newtype);
int MPI_Type_create_subarray(int ndims, const int array_of_sizes[],
                             const int array_of_subsizes[],
                             const int array_of_starts[], int order,
                             MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Type_create_darray(int size, int rank, int ndims,
                           const int array_of_gsizes[],
                           const int array_of_distribs[],
                           const int array_of_dargs[],
                           const int array_of_psizes[], int order,
                           MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Type_create_resized(MPI_Datatype oldtype, MPI_Aint lb,
                            MPI_Aint extent, MPI_Datatype *newtype);
int MPI_Type_commit(MPI_Datatype *datatype);
int MPI_Type_free(MPI_Datatype *datatype);
int MPI_Type_dup(MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Type_size(MPI_Datatype datatype, int *size);
int MPI_Type_size_x(MPI_Datatype datatype, MPI_Count *size);
int MPI_Type_get_extent(MPI_Datatype datatype, MPI_Aint *lb,
                        MPI_Aint *extent);
int MPI_Type_get_extent_x(MPI_Datatype datatype, MPI_Count *lb,
                          MPI_Count *extent);
int MPI_Type_get_true_extent(MPI_Datatype datatype, MPI_Aint *true_lb,
                             MPI_Aint *true_extent);
int MPI_Type_get_true_extent_x(MPI_Datatype datatype, MPI_Count *true_lb,
                               MPI_Count *true_extent);
int MPI_Type_get_envelope(MPI_Datatype datatype, int *num_integers,
                          int *num_addresses, int *num_datatypes,
                          int *combiner);
int MPI_Type_get_contents(MPI_Datatype datatype, int max_integers,
                          int max_addresses, int max_datatypes,
                          int array_of_integers[],
                          MPI_Aint array_of_addresses[],
                          MPI_Datatype array_of_datatypes[]);
int MPI_Type_get_name(MPI_Datatype datatype, char *type_name, int *resultlen);
int MPI_Type_set_name(MPI_Datatype datatype, const char *type_name);
int MPI_Type_match_size(int typeclass, int size, MPI_Datatype *datatype);
int MPI_Get_address(const void *location, MPI_Aint *address);
MPI_Aint MPI_Aint_add(MPI_Aint base, MPI_Aint disp);
MPI_Aint MPI_Aint_diff(MPI_Aint addr1, MPI_Aint addr2);
int MPI_Pack(const void *inbuf, int incount, MPI_Datatype datatype,
             void *outbuf, int outsize, int *position, MPI_Comm comm);
int MPI_Unpack(const void *inbuf, int insize, int *position, void *outbuf,
               int outcount, MPI_Datatype datatype, MPI_Comm comm);
int MPI_Pack_size(int incount, MPI_Datatype datatype, MPI_Comm comm,
                  int *size);
int MPI_Pack_external(const char datarep[], const void *inbuf, int incount,
                      MPI_Datatype datatype, void *outbuf, MPI_Aint outsize,
                      MPI_Aint *position);
int MPI_Unpack_external(const char datarep[], const void *inbuf,
                        MPI_Aint insize, MPI_Aint *position, void *outbuf,
                        int outcount, MPI_Datatype datatype);
int MPI_Pack_external_size(const char datarep[], int incount,
                           MPI_Datatype datatype, MPI_Aint *size);
/* MPI_Type_hvector / MPI_Type_hindexed / MPI_Type_struct / MPI_Address /
   MPI_Type_extent were removed in MPI-3.0; the MPI-2 names are given as
   their replacements so that older test programs still compile. */
int MPI_Type_hvector(int count, int blocklength, MPI_Aint stride,
                     MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Type_hindexed(int count, int array_of_blocklengths[],
                      MPI_Aint array_of_displacements[],
                      MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Type_struct(int count, int array_of_blocklengths[],
                    MPI_Aint array_of_displacements[],
                    MPI_Datatype array_of_types[], MPI_Datatype *newtype);
int MPI_Address(void *location, MPI_Aint *address);
int MPI_Type_extent(MPI_Datatype datatype, MPI_Aint *extent);
int MPI_Type_lb(MPI_Datatype datatype, MPI_Aint *displacement);
int MPI_Type_ub(MPI_Datatype datatype, MPI_Aint *displacement);

/* ---- Collectives (ch. 5) ------------------------------------------ */
int MPI_Barrier(MPI_Comm comm);
int MPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root,
              MPI_Comm comm);
int MPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
               void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
               MPI_Comm comm);
int MPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                void *recvbuf, const int recvcounts[], const int displs[],
                MPI_Datatype recvtype, int root, MPI_Comm comm);
int MPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                void *recvbuf, int recvcount, MPI_Datatype recvtype,
                int root, MPI_Comm comm);
int MPI_Scatterv(const void *sendbuf, const int sendcounts[],
                 const int displs[], MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root,
                 MPI_Comm comm);
int MPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                  void *recvbuf, int recvcount, MPI_Datatype recvtype,
                  MPI_Comm comm);
int MPI_Allgatherv(const void *sendbuf, int sendcount,
                   MPI_Datatype sendtype, void *recvbuf,
                   const int recvcounts[], const int displs[],
                   MPI_Datatype recvtype, MPI_Comm comm);
int MPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype,
                 MPI_Comm comm);
int MPI_Alltoallv(const void *sendbuf, const int sendcounts[],
                  const int sdispls[], MPI_Datatype sendtype, void *recvbuf,
                  const int recvcounts[], const int rdispls[],
                  MPI_Datatype recvtype, MPI_Comm comm);
int MPI_Alltoallw(const void *sendbuf, const int sendcounts[],
                  const int sdispls[], const MPI_Datatype sendtypes[],
                  void *recvbuf, const int recvcounts[], const int rdispls[],
                  const MPI_Datatype recvtypes[], MPI_Comm comm);
int MPI_Reduce(const void *sendbuf, void *recvbuf, int count,
               MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm);
int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count,
                  MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
int MPI_Reduce_local(const void *inbuf, void *inoutbuf, int count,
                     MPI_Datatype datatype, MPI_Op op);
int MPI_Reduce_scatter(const void *sendbuf, void *recvbuf,
                       const int recvcounts[], MPI_Datatype datatype,
                       MPI_Op op, MPI_Comm comm);
int MPI_Reduce_scatter_block(const void *sendbuf, void *recvbuf,
                             int recvcount, MPI_Datatype datatype, MPI_Op op,
                             MPI_Comm comm);
int MPI_Scan(const void *sendbuf, void *recvbuf, int count,
             MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
int MPI_Exscan(const void *sendbuf, void *recvbuf, int count,
               MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);

/* ---- Nonblocking collectives -------------------------------------- */
int MPI_Ibarrier(MPI_Comm comm, MPI_Request *request);
int MPI_Ibcast(void *buffer, int count, MPI_Datatype datatype, int root,
               MPI_Comm comm, MPI_Request *request);
int MPI_Igather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                void *recvbuf, int recvcount, MPI_Datatype recvtype,
                int root, MPI_Comm comm, MPI_Request *request);
int MPI_Igatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                 void *recvbuf, const int recvcounts[], const int displs[],
                 MPI_Datatype recvtype, int root, MPI_Comm comm,
                 MPI_Request *request);
int MPI_Iscatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype,
                 int root, MPI_Comm comm, MPI_Request *request);
int MPI_Iscatterv(const void *sendbuf, const int sendcounts[],
                  const int displs[], MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root,
                  MPI_Comm comm, MPI_Request *request);
int MPI_Iallgather(const void *sendbuf, int sendcount,
                   MPI_Datatype sendtype, void *recvbuf, int recvcount,
                   MPI_Datatype recvtype, MPI_Comm comm,
                   MPI_Request *request);
int MPI_Iallgatherv(const void *sendbuf, int sendcount,
                    MPI_Datatype sendtype, void *recvbuf,
                    const int recvcounts[], const int displs[],
                    MPI_Datatype recvtype, MPI_Comm comm,
                    MPI_Request *request);
int MPI_Ialltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                  void *recvbuf, int recvcount, MPI_Datatype recvtype,
                  MPI_Comm comm, MPI_Request *request);
int MPI_Ialltoallv(const void *sendbuf, const int sendcounts[],
                   const int sdispls[], MPI_Datatype sendtype,
                   void *recvbuf, const int recvcounts[],
                   const int rdispls[], MPI_Datatype recvtype,
                   MPI_Comm comm, MPI_Request *request);
int MPI_Ialltoallw(const void *sendbuf, const int sendcounts[],
                   const int sdispls[], const MPI_Datatype sendtypes[],
                   void *recvbuf, const int recvcounts[],
                   const int rdispls[], const MPI_Datatype recvtypes[],
                   MPI_Comm comm, MPI_Request *request);
int MPI_Ireduce(const void *sendbuf, void *recvbuf, int count,
                MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                MPI_Request *request);
int MPI_Iallreduce(const void *sendbuf, void *recvbuf, int count,
                   MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                   MPI_Request *request);
int MPI_Ireduce_scatter(const void *sendbuf, void *recvbuf,
                        const int recvcounts[], MPI_Datatype datatype,
                        MPI_Op op, MPI_Comm comm, MPI_Request *request);
int MPI_Ireduce_scatter_block(const void *sendbuf, void *recvbuf,
                              int recvcount, MPI_Datatype datatype,
                              MPI_Op op, MPI_Comm comm,
                              MPI_Request *request);
int MPI_Iscan(const void *sendbuf, void *recvbuf, int count,
              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
              MPI_Request *request);
int MPI_Iexscan(const void *sendbuf, void *recvbuf, int count,
                MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                MPI_Request *request);

/* ---- User-defined operations -------------------------------------- */
int MPI_Op_create(MPI_User_function *user_fn, int commute, MPI_Op *op);
int MPI_Op_free(MPI_Op *op);
int MPI_Op_commutative(MPI_Op op, int *commute);

/* ---- Groups (ch. 6) ----------------------------------------------- */
int MPI_Group_size(MPI_Group group, int *size);
int MPI_Group_rank(MPI_Group group, int *rank);
int MPI_Group_translate_ranks(MPI_Group group1, int nranks, const int ranks1[],
                              MPI_Group group2, int ranks2[]);
int MPI_Group_compare(MPI_Group group1, MPI_Group group2, int *result);
int MPI_Group_union(MPI_Group group1, MPI_Group group2,
                    MPI_Group *newgroup);
int MPI_Group_intersection(MPI_Group group1, MPI_Group group2,
                           MPI_Group *newgroup);
int MPI_Group_difference(MPI_Group group1, MPI_Group group2,
                         MPI_Group *newgroup);
int MPI_Group_incl(MPI_Group group, int nranks, const int ranks[],
                   MPI_Group *newgroup);
int MPI_Group_excl(MPI_Group group, int nranks, const int ranks[],
                   MPI_Group *newgroup);
int MPI_Group_range_incl(MPI_Group group, int nranges, int ranges[][3],
                         MPI_Group *newgroup);
int MPI_Group_range_excl(MPI_Group group, int nranges, int ranges[][3],
                         MPI_Group *newgroup);
int MPI_Group_free(MPI_Group *group);

/* ---- Communicators ------------------------------------------------ */
int MPI_Comm_size(MPI_Comm comm, int *size);
int MPI_Comm_rank(MPI_Comm comm, int *rank);
int MPI_Comm_compare(MPI_Comm comm1, MPI_Comm comm2, int *result);
int MPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm);
int MPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm);
int MPI_Comm_idup(MPI_Comm comm, MPI_Comm *newcomm, MPI_Request *request);
int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm);
int MPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag,
                          MPI_Comm *newcomm);
int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm);
int MPI_Comm_split_type(MPI_Comm comm, int split_type, int key,
                        MPI_Info info, MPI_Comm *newcomm);
int MPI_Comm_free(MPI_Comm *comm);
int MPI_Comm_group(MPI_Comm comm, MPI_Group *group);
int MPI_Comm_test_inter(MPI_Comm comm, int *flag);
int MPI_Comm_remote_size(MPI_Comm comm, int *size);
int MPI_Comm_remote_group(MPI_Comm comm, MPI_Group *group);
int MPI_Intercomm_create(MPI_Comm local_comm, int local_leader,
                         MPI_Comm peer_comm, int remote_leader, int tag,
                         MPI_Comm *newintercomm);
int MPI_Intercomm_merge(MPI_Comm intercomm, int high,
                        MPI_Comm *newintracomm);
int MPI_Comm_set_info(MPI_Comm comm, MPI_Info info);
int MPI_Comm_get_info(MPI_Comm comm, MPI_Info *info_used);
int MPI_Comm_set_name(MPI_Comm comm, const char *comm_name);
int MPI_Comm_get_name(MPI_Comm comm, char *comm_name, int *resultlen);

/* ---- Attributes (caching) ----------------------------------------- */
int MPI_Comm_create_keyval(MPI_Comm_copy_attr_function *comm_copy_attr_fn,
                           MPI_Comm_delete_attr_function *comm_delete_attr_fn,
                           int *comm_keyval, void *extra_state);
int MPI_Comm_free_keyval(int *comm_keyval);
int MPI_Comm_set_attr(MPI_Comm comm, int comm_keyval, void *attribute_val);
int MPI_Comm_get_attr(MPI_Comm comm, int comm_keyval, void *attribute_val,
                      int *flag);
int MPI_Comm_delete_attr(MPI_Comm comm, int comm_keyval);
int MPI_Type_create_keyval(MPI_Type_copy_attr_function *type_copy_attr_fn,
                           MPI_Type_delete_attr_function *type_delete_attr_fn,
                           int *type_keyval, void *extra_state);
int MPI_Type_free_keyval(int *type_keyval);
int MPI_Type_set_attr(MPI_Datatype datatype, int type_keyval,
                      void *attribute_val);
int MPI_Type_get_attr(MPI_Datatype datatype, int type_keyval,
                      void *attribute_val, int *flag);
int MPI_Type_delete_attr(MPI_Datatype datatype, int type_keyval);
int MPI_Win_create_keyval(MPI_Win_copy_attr_function *win_copy_attr_fn,
                          MPI_Win_delete_attr_function *win_delete_attr_fn,
                          int *win_keyval, void *extra_state);
int MPI_Win_free_keyval(int *win_keyval);
int MPI_Win_set_attr(MPI_Win win, int win_keyval, void *attribute_val);
int MPI_Win_get_attr(MPI_Win win, int win_keyval, void *attribute_val,
                     int *flag);
int MPI_Win_delete_attr(MPI_Win win, int win_keyval);
/* deprecated MPI-1 attribute interface (still in MPI-3.1) */
int MPI_Keyval_create(MPI_Copy_function *copy_fn,
                      MPI_Delete_function *delete_fn, int *keyval,
                      void *extra_state);
int MPI_Keyval_free(int *keyval);
int MPI_Attr_put(MPI_Comm comm, int keyval, void *attribute_val);
int MPI_Attr_get(MPI_Comm comm, int keyval, void *attribute_val, int *flag);
int MPI_Attr_delete(MPI_Comm comm, int keyval);

/* ---- Process topologies (ch. 7) ----------------------------------- */
int MPI_Cart_create(MPI_Comm comm_old, int ndims, const int dims[],
                    const int periods[], int reorder, MPI_Comm *comm_cart);
int MPI_Dims_create(int nnodes, int ndims, int dims[]);
int MPI_Cartdim_get(MPI_Comm comm, int *ndims);
int MPI_Cart_get(MPI_Comm comm, int maxdims, int dims[], int periods[],
                 int coords[]);
int MPI_Cart_rank(MPI_Comm comm, const int coords[], int *rank);
int MPI_Cart_coords(MPI_Comm comm, int rank, int maxdims, int coords[]);
int MPI_Cart_shift(MPI_Comm comm, int direction, int disp, int *rank_source,
                   int *rank_dest);
int MPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm);
int MPI_Cart_map(MPI_Comm comm, int ndims, const int dims[],
                 const int periods[], int *newrank);
int MPI_Graph_create(MPI_Comm comm_old, int nnodes, const int index[],
                     const int edges[], int reorder, MPI_Comm *comm_graph);
int MPI_Graphdims_get(MPI_Comm comm, int *nnodes, int *nedges);
int MPI_Graph_get(MPI_Comm comm, int maxindex, int maxedges, int index[],
                  int edges[]);
int MPI_Graph_neighbors_count(MPI_Comm comm, int rank, int *nneighbors);
int MPI_Graph_neighbors(MPI_Comm comm, int rank, int maxneighbors,
                        int neighbors[]);
int MPI_Graph_map(MPI_Comm comm, int nnodes, const int index[],
                  const int edges[], int *newrank);
int MPI_Topo_test(MPI_Comm comm, int *status);
int MPI_Dist_graph_create_adjacent(MPI_Comm comm_old, int indegree,
                                   const int sources[],
                                   const int sourceweights[], int outdegree,
                                   const int destinations[],
                                   const int destweights[], MPI_Info info,
                                   int reorder, MPI_Comm *comm_dist_graph);
int MPI_Dist_graph_create(MPI_Comm comm_old, int nsources, const int sources[],
                          const int degrees[], const int destinations[],
                          const int weights[], MPI_Info info, int reorder,
                          MPI_Comm *comm_dist_graph);
int MPI_Dist_graph_neighbors_count(MPI_Comm comm, int *indegree,
                                   int *outdegree, int *weighted);
int MPI_Dist_graph_neighbors(MPI_Comm comm, int maxindegree, int sources[],
                             int sourceweights[], int maxoutdegree,
                             int destinations[], int destweights[]);
int MPI_Neighbor_allgather(const void *sendbuf, int sendcount,
                           MPI_Datatype sendtype, void *recvbuf,
                           int recvcount, MPI_Datatype recvtype,
                           MPI_Comm comm);
int MPI_Neighbor_alltoall(const void *sendbuf, int sendcount,
                          MPI_Datatype sendtype, void *recvbuf,
                          int recvcount, MPI_Datatype recvtype,
                          MPI_Comm comm);
int MPI_Neighbor_allgatherv(const void *sendbuf, int sendcount,
                            MPI_Datatype sendtype, void *recvbuf,
                            const int recvcounts[], const int displs[],
                            MPI_Datatype recvtype, MPI_Comm comm);
int MPI_Neighbor_alltoallv(const void *sendbuf, const int sendcounts[],
                           const int sdispls[], MPI_Datatype sendtype,
                           void *recvbuf, const int recvcounts[],
                           const int rdispls[], MPI_Datatype recvtype,
                           MPI_Comm comm);
int MPI_Neighbor_alltoallw(const void *sendbuf, const int sendcounts[],
                           const MPI_Aint sdispls[],
                           const MPI_Datatype sendtypes[], void *recvbuf,
                           const int recvcounts[], const MPI_Aint rdispls[],
                           const MPI_Datatype recvtypes[], MPI_Comm comm);
int MPI_Ineighbor_allgather(const void *sendbuf, int sendcount,
                            MPI_Datatype sendtype, void *recvbuf,
                            int recvcount, MPI_Datatype recvtype,
                            MPI_Comm comm, MPI_Request *request);
int MPI_Ineighbor_allgatherv(const void *sendbuf, int sendcount,
                             MPI_Datatype sendtype, void *recvbuf,
                             const int recvcounts[], const int displs[],
                             MPI_Datatype recvtype, MPI_Comm comm,
                             MPI_Request *request);
int MPI_Ineighbor_alltoall(const void *sendbuf, int sendcount,
                           MPI_Datatype sendtype, void *recvbuf,
                           int recvcount, MPI_Datatype recvtype,
                           MPI_Comm comm, MPI_Request *request);
int MPI_Ineighbor_alltoallv(const void *sendbuf, const int sendcounts[],
                            const int sdispls[], MPI_Datatype sendtype,
                            void *recvbuf, const int recvcounts[],
                            const int rdispls[], MPI_Datatype recvtype,
                            MPI_Comm comm, MPI_Request *request);
int MPI_Ineighbor_alltoallw(const void *sendbuf, const int sendcounts[],
                            const MPI_Aint sdispls[],
                            const MPI_Datatype sendtypes[], void *recvbuf,
                            const int recvcounts[], const MPI_Aint rdispls[],
                            const MPI_Datatype recvtypes[], MPI_Comm comm,
                            MPI_Request *request);

/* ---- Info objects (ch. 9) ----------------------------------------- */
int MPI_Info_create(MPI_Info *info);
int MPI_Info_set(MPI_Info info, const char *key, const char *value);
int MPI_Info_get(MPI_Info info, const char *key, int valuelen, char *value,
                 int *flag);
int MPI_Info_get_valuelen(MPI_Info info, const char *key, int *valuelen,
                          int *flag);
int MPI_Info_delete(MPI_Info info, const char *key);
int MPI_Info_get_nkeys(MPI_Info info, int *nkeys);
int MPI_Info_get_nthkey(MPI_Info info, int keynum, char *key);
int MPI_Info_dup(MPI_Info info, MPI_Info *newinfo);
int MPI_Info_free(MPI_Info *info);

/* ---- One-sided communication (ch. 11), the common subset ---------- */
int MPI_Win_create(void *base, MPI_Aint size, int disp_unit, MPI_Info info,
                   MPI_Comm comm, MPI_Win *win);
int MPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info,
                     MPI_Comm comm, void *baseptr, MPI_Win *win);
int MPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info,
                            MPI_Comm comm, void *baseptr, MPI_Win *win);
int MPI_Win_shared_query(MPI_Win win, int rank, MPI_Aint *size,
                         int *disp_unit, void *baseptr);
int MPI_Win_create_dynamic(MPI_Info info, MPI_Comm comm, MPI_Win *win);
int MPI_Win_attach(MPI_Win win, void *base, MPI_Aint size);
int MPI_Win_detach(MPI_Win win, const void *base);
int MPI_Win_free(MPI_Win *win);
int MPI_Win_get_group(MPI_Win win, MPI_Group *group);
int MPI_Win_fence(int mpi_assert, MPI_Win win);
int MPI_Win_start(MPI_Group group, int mpi_assert, MPI_Win win);
int MPI_Win_complete(MPI_Win win);
int MPI_Win_post(MPI_Group group, int mpi_assert, MPI_Win win);
int MPI_Win_wait(MPI_Win win);
int MPI_Win_test(MPI_Win win, int *flag);
int MPI_Win_lock(int lock_type, int rank, int mpi_assert, MPI_Win win);
int MPI_Win_unlock(int rank, MPI_Win win);
int MPI_Win_lock_all(int mpi_assert, MPI_Win win);
int MPI_Win_unlock_all(MPI_Win win);
int MPI_Win_flush(int rank, MPI_Win win);
int MPI_Win_flush_all(MPI_Win win);
int MPI_Win_flush_local(int rank, MPI_Win win);
int MPI_Win_flush_local_all(MPI_Win win);
int MPI_Win_sync(MPI_Win win);
int MPI_Put(const void *origin_addr, int origin_count,
            MPI_Datatype origin_datatype, int target_rank,
            MPI_Aint target_disp, int target_count,
            MPI_Datatype target_datatype, MPI_Win win);
int MPI_Get(void *origin_addr, int origin_count,
            MPI_Datatype origin_datatype, int target_rank,
            MPI_Aint target_disp, int target_count,
            MPI_Datatype target_datatype, MPI_Win win);
int MPI_Accumulate(const void *origin_addr, int origin_count,
                   MPI_Datatype origin_datatype, int target_rank,
                   MPI_Aint target_disp, int target_count,
                   MPI_Datatype target_datatype, MPI_Op op, MPI_Win win);
int MPI_Get_accumulate(const void *origin_addr, int origin_count,
                       MPI_Datatype origin_datatype, void *result_addr,
                       int result_count, MPI_Datatype result_datatype,
                       int target_rank, MPI_Aint target_disp,
                       int target_count, MPI_Datatype target_datatype,
                       MPI_Op op, MPI_Win win);
int MPI_Fetch_and_op(const void *origin_addr, void *result_addr,
                     MPI_Datatype datatype, int target_rank,
                     MPI_Aint target_disp, MPI_Op op, MPI_Win win);
int MPI_Compare_and_swap(const void *origin_addr, const void *compare_addr,
                         void *result_addr, MPI_Datatype datatype,
                         int target_rank, MPI_Aint target_disp, MPI_Win win);
int MPI_Rput(const void *origin_addr, int origin_count,
             MPI_Datatype origin_datatype, int target_rank,
             MPI_Aint target_disp, int target_count,
             MPI_Datatype target_datatype, MPI_Win win,
             MPI_Request *request);
int MPI_Rget(void *origin_addr, int origin_count,
             MPI_Datatype origin_datatype, int target_rank,
             MPI_Aint target_disp, int target_count,
             MPI_Datatype target_datatype, MPI_Win win,
             MPI_Request *request);

/* ---- File I/O (ch. 13), the common subset ------------------------ */
int MPI_File_open(MPI_Comm comm, const char *filename, int amode,
                  MPI_Info info, MPI_File *fh);
int MPI_File_close(MPI_File *fh);
int MPI_File_delete(const char *filename, MPI_Info info);
int MPI_File_set_size(MPI_File fh, MPI_Offset size);
int MPI_File_get_size(MPI_File fh, MPI_Offset *size);
int MPI_File_set_view(MPI_File fh, MPI_Offset disp, MPI_Datatype etype,
                      MPI_Datatype filetype, const char *datarep,
                      MPI_Info info);
int MPI_File_read(MPI_File fh, void *buf, int count, MPI_Datatype datatype,
                  MPI_Status *status);
int MPI_File_read_all(MPI_File fh, void *buf, int count,
                      MPI_Datatype datatype, MPI_Status *status);
int MPI_File_read_at(MPI_File fh, MPI_Offset offset, void *buf, int count,
                     MPI_Datatype datatype, MPI_Status *status);
int MPI_File_read_at_all(MPI_File fh, MPI_Offset offset, void *buf,
                         int count, MPI_Datatype datatype,
                         MPI_Status *status);
int MPI_File_write(MPI_File fh, const void *buf, int count,
                   MPI_Datatype datatype, MPI_Status *status);
int MPI_File_write_all(MPI_File fh, const void *buf, int count,
                       MPI_Datatype datatype, MPI_Status *status);
int MPI_File_write_at(MPI_File fh, MPI_Offset offset, const void *buf,
                      int count, MPI_Datatype datatype, MPI_Status *status);
int MPI_File_write_at_all(MPI_File fh, MPI_Offset offset, const void *buf,
                          int count, MPI_Datatype datatype,
                          MPI_Status *status);
int MPI_File_seek(MPI_File fh, MPI_Offset offset, int whence);
int MPI_File_sync(MPI_File fh);

/* ---- Language interoperability (ch. 17), handles only ------------- */
MPI_Fint MPI_Comm_c2f(MPI_Comm comm);
MPI_Comm MPI_Comm_f2c(MPI_Fint comm);
MPI_Fint MPI_Type_c2f(MPI_Datatype datatype);
MPI_Datatype MPI_Type_f2c(MPI_Fint datatype);
MPI_Fint MPI_Request_c2f(MPI_Request request);
MPI_Request MPI_Request_f2c(MPI_Fint request);
MPI_Fint MPI_Op_c2f(MPI_Op op);
MPI_Op MPI_Op_f2c(MPI_Fint op);
MPI_Fint MPI_Group_c2f(MPI_Group group);
MPI_Group MPI_Group_f2c(MPI_Fint group);

/* Pcontrol (profiling control; a no-op in the model) */
int MPI_Pcontrol(const int level, ...);

#ifdef __cplusplus
}
#endif

#endif /* CHORUS_MODEL_MPI_H */
