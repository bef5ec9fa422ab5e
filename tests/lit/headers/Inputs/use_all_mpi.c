/* Uses the MPI API the way correctness-suite programs do: real arguments,
   predefined handles and special constants.  Must compile unchanged against
   chorus's lib/front/headers/mpi.h and against a real MPI's <mpi.h>. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static void my_sum(void *in, void *inout, int *len, MPI_Datatype *dt) {
  (void)dt;
  for (int i = 0; i < *len; i++)
    ((int *)inout)[i] += ((int *)in)[i];
}

static int copy_attr(MPI_Comm c, int k, void *extra, void *in, void *out,
                     int *flag) {
  (void)c; (void)k; (void)extra;
  *(void **)out = in;
  *flag = 1;
  return MPI_SUCCESS;
}

int main(int argc, char **argv) {
  int provided, rank, size, flag, count, idx, outcount, len, cmp;
  int buf[16] = {0}, rbuf[64] = {0}, counts[4] = {1, 1, 1, 1};
  int displs[4] = {0, 1, 2, 3}, indices[4];
  double t0, d = 0.0;
  char name[MPI_MAX_PROCESSOR_NAME], err[MPI_MAX_ERROR_STRING];
  char cname[MPI_MAX_OBJECT_NAME];
  MPI_Status status, statuses[4];
  MPI_Request req, reqs[4];
  MPI_Comm dup, split, cart;
  MPI_Group world_group, g2;
  MPI_Datatype vec, contig, strct, resized;
  MPI_Op op;
  MPI_Info info;
  MPI_Aint lb, extent, addr;
  int *tag_ub;
  int keyval;
  void *attached;
  int bsize;
  int blocklens[2] = {1, 1};
  MPI_Aint disps[2] = {0, sizeof(int)};
  MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE};
  int dims[2] = {0, 0}, periods[2] = {1, 0}, coords[2], src, dst;
  char packbuf[256];
  int pos = 0;

  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Initialized(&flag);
  MPI_Query_thread(&provided);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Get_processor_name(name, &len);
  MPI_Get_version(&count, &len);
  MPI_Error_string(MPI_ERR_TRUNCATE, err, &len);
  MPI_Error_class(MPI_ERR_COMM, &count);
  t0 = MPI_Wtime() + MPI_Wtick();
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &tag_ub, &flag);

  /* point-to-point */
  if (rank == 0) {
    MPI_Send(buf, 1, MPI_INT, 1 % size, 0, MPI_COMM_WORLD);
    MPI_Ssend(buf, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD);
    MPI_Rsend(buf, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD);
  } else if (rank == 1) {
    MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
    MPI_Get_count(&status, MPI_INT, &count);
    MPI_Get_elements(&status, MPI_INT, &count);
    MPI_Recv(buf, 1, MPI_INT, status.MPI_SOURCE, status.MPI_TAG,
             MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Iprobe(MPI_ANY_SOURCE, 7, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
  MPI_Sendrecv(&buf[0], 1, MPI_INT, (rank + 1) % size, 1, &buf[1], 1,
               MPI_INT, (rank + size - 1) % size, 1, MPI_COMM_WORLD,
               &status);
  MPI_Sendrecv_replace(buf, 1, MPI_INT, MPI_PROC_NULL, 2, MPI_PROC_NULL, 2,
                       MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Irecv(&buf[2], 1, MPI_INT, MPI_ANY_SOURCE, 3, MPI_COMM_WORLD, &reqs[0]);
  MPI_Isend(&buf[3], 1, MPI_INT, rank, 3, MPI_COMM_WORLD, &reqs[1]);
  MPI_Issend(&buf[4], 1, MPI_INT, MPI_PROC_NULL, 3, MPI_COMM_WORLD, &reqs[2]);
  MPI_Irsend(&buf[5], 1, MPI_INT, MPI_PROC_NULL, 3, MPI_COMM_WORLD, &reqs[3]);
  MPI_Waitall(4, reqs, statuses);
  MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);
  MPI_Waitany(4, reqs, &idx, &status);
  MPI_Waitsome(4, reqs, &outcount, indices, statuses);
  MPI_Testall(4, reqs, &flag, MPI_STATUSES_IGNORE);
  MPI_Testany(4, reqs, &idx, &flag, MPI_STATUS_IGNORE);
  MPI_Testsome(4, reqs, &outcount, indices, MPI_STATUSES_IGNORE);
  MPI_Irecv(&buf[6], 1, MPI_INT, MPI_ANY_SOURCE, 9, MPI_COMM_WORLD, &req);
  MPI_Cancel(&req);
  MPI_Wait(&req, &status);
  MPI_Test_cancelled(&status, &flag);
  MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
  MPI_Request_get_status(req, &flag, &status);
  if (req != MPI_REQUEST_NULL)
    MPI_Request_free(&req);
  MPI_Send_init(buf, 1, MPI_INT, MPI_PROC_NULL, 4, MPI_COMM_WORLD, &reqs[0]);
  MPI_Ssend_init(buf, 1, MPI_INT, MPI_PROC_NULL, 4, MPI_COMM_WORLD, &reqs[1]);
  MPI_Bsend_init(buf, 1, MPI_INT, MPI_PROC_NULL, 4, MPI_COMM_WORLD, &reqs[2]);
  MPI_Recv_init(rbuf, 1, MPI_INT, MPI_PROC_NULL, 4, MPI_COMM_WORLD, &reqs[3]);
  MPI_Start(&reqs[0]);
  MPI_Startall(3, &reqs[1]);
  MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);
  MPI_Rsend_init(buf, 1, MPI_INT, MPI_PROC_NULL, 4, MPI_COMM_WORLD, &req);
  MPI_Request_free(&req);
  bsize = 1024 + MPI_BSEND_OVERHEAD;
  MPI_Buffer_attach(malloc((size_t)bsize), bsize);
  MPI_Bsend(buf, 1, MPI_INT, MPI_PROC_NULL, 5, MPI_COMM_WORLD);
  MPI_Ibsend(buf, 1, MPI_INT, MPI_PROC_NULL, 5, MPI_COMM_WORLD, &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  MPI_Buffer_detach(&attached, &bsize);
  free(attached);

  /* collectives */
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Bcast(buf, 4, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Gather(buf, 1, MPI_INT, rbuf, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Gatherv(buf, 1, MPI_INT, rbuf, counts, displs, MPI_INT, 0,
              MPI_COMM_WORLD);
  MPI_Scatter(rbuf, 1, MPI_INT, buf, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Scatterv(rbuf, counts, displs, MPI_INT, buf, 1, MPI_INT, 0,
               MPI_COMM_WORLD);
  MPI_Allgather(buf, 1, MPI_INT, rbuf, 1, MPI_INT, MPI_COMM_WORLD);
  MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, rbuf, 1, MPI_INT,
                MPI_COMM_WORLD);
  MPI_Allgatherv(buf, 1, MPI_INT, rbuf, counts, displs, MPI_INT,
                 MPI_COMM_WORLD);
  MPI_Alltoall(buf, 1, MPI_INT, rbuf, 1, MPI_INT, MPI_COMM_WORLD);
  MPI_Alltoallv(buf, counts, displs, MPI_INT, rbuf, counts, displs, MPI_INT,
                MPI_COMM_WORLD);
  {
    MPI_Datatype ts[4] = {MPI_INT, MPI_INT, MPI_INT, MPI_INT};
    int bd[4] = {0, 4, 8, 12};
    MPI_Alltoallw(buf, counts, bd, ts, rbuf, counts, bd, ts, MPI_COMM_WORLD);
  }
  MPI_Reduce(buf, rbuf, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  MPI_Reduce(MPI_IN_PLACE, rbuf, 1, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
  MPI_Allreduce(&d, &t0, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, buf, 2, MPI_INT, MPI_PROD, MPI_COMM_WORLD);
  MPI_Reduce_local(buf, rbuf, 1, MPI_INT, MPI_BXOR);
  MPI_Reduce_scatter(buf, rbuf, counts, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
  MPI_Reduce_scatter_block(buf, rbuf, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
  MPI_Scan(buf, rbuf, 1, MPI_INT, MPI_BAND, MPI_COMM_WORLD);
  MPI_Exscan(buf, rbuf, 1, MPI_INT, MPI_BOR, MPI_COMM_WORLD);
  {
    struct { double v; int r; } in = {1.0, rank}, out;
    MPI_Allreduce(&in, &out, 1, MPI_DOUBLE_INT, MPI_MAXLOC, MPI_COMM_WORLD);
    MPI_Allreduce(&in, &out, 1, MPI_DOUBLE_INT, MPI_MINLOC, MPI_COMM_WORLD);
  }
  MPI_Ibarrier(MPI_COMM_WORLD, &reqs[0]);
  MPI_Ibcast(buf, 1, MPI_INT, 0, MPI_COMM_WORLD, &reqs[1]);
  MPI_Iallreduce(MPI_IN_PLACE, rbuf, 1, MPI_INT, MPI_LXOR, MPI_COMM_WORLD,
                 &reqs[2]);
  MPI_Ireduce(buf, rbuf, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD, &reqs[3]);
  MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);
  MPI_Igather(buf, 1, MPI_INT, rbuf, 1, MPI_INT, 0, MPI_COMM_WORLD, &req);
  MPI_Igatherv(buf, 1, MPI_INT, rbuf, counts, displs, MPI_INT, 0,
               MPI_COMM_WORLD, &req);
  MPI_Iscatter(rbuf, 1, MPI_INT, buf, 1, MPI_INT, 0, MPI_COMM_WORLD, &req);
  MPI_Iscatterv(rbuf, counts, displs, MPI_INT, buf, 1, MPI_INT, 0,
                MPI_COMM_WORLD, &req);
  MPI_Iallgather(buf, 1, MPI_INT, rbuf, 1, MPI_INT, MPI_COMM_WORLD, &req);
  MPI_Iallgatherv(buf, 1, MPI_INT, rbuf, counts, displs, MPI_INT,
                  MPI_COMM_WORLD, &req);
  MPI_Ialltoall(buf, 1, MPI_INT, rbuf, 1, MPI_INT, MPI_COMM_WORLD, &req);
  MPI_Ialltoallv(buf, counts, displs, MPI_INT, rbuf, counts, displs, MPI_INT,
                 MPI_COMM_WORLD, &req);
  MPI_Ireduce_scatter(buf, rbuf, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD,
                      &req);
  MPI_Ireduce_scatter_block(buf, rbuf, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD,
                            &req);
  MPI_Iscan(buf, rbuf, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req);
  MPI_Iexscan(buf, rbuf, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);

  /* user-defined operations */
  MPI_Op_create(my_sum, 1, &op);
  MPI_Op_commutative(op, &flag);
  MPI_Allreduce(buf, rbuf, 1, MPI_INT, op, MPI_COMM_WORLD);
  MPI_Op_free(&op);

  /* communicators and groups */
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  MPI_Comm_split(dup, rank % 2, rank, &split);
  MPI_Comm_compare(dup, MPI_COMM_WORLD, &cmp);
  if (cmp == MPI_CONGRUENT || cmp == MPI_IDENT || cmp == MPI_SIMILAR ||
      cmp == MPI_UNEQUAL)
    MPI_Comm_set_name(dup, "dup");
  MPI_Comm_get_name(dup, cname, &len);
  MPI_Comm_test_inter(dup, &flag);
  MPI_Comm_group(MPI_COMM_WORLD, &world_group);
  MPI_Group_size(world_group, &count);
  MPI_Group_rank(world_group, &count);
  MPI_Group_incl(world_group, 1, displs, &g2);
  MPI_Comm_create(MPI_COMM_WORLD, g2, &split);
  if (split != MPI_COMM_NULL)
    MPI_Comm_free(&split);
  MPI_Group_translate_ranks(g2, 1, displs, world_group, indices);
  MPI_Group_compare(g2, world_group, &cmp);
  MPI_Group_free(&g2);
  MPI_Group_excl(world_group, 1, displs, &g2);
  MPI_Group_union(world_group, g2, &g2);
  MPI_Group_intersection(world_group, g2, &g2);
  MPI_Group_difference(world_group, MPI_GROUP_EMPTY, &g2);
  if (g2 != MPI_GROUP_NULL)
    MPI_Group_free(&g2);
  MPI_Comm_create_keyval(copy_attr, MPI_COMM_NULL_DELETE_FN, &keyval, NULL);
  MPI_Comm_set_attr(dup, keyval, &rank);
  MPI_Comm_get_attr(dup, keyval, &tag_ub, &flag);
  MPI_Comm_delete_attr(dup, keyval);
  MPI_Comm_free_keyval(&keyval);
  if (keyval == MPI_KEYVAL_INVALID)
    MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, &keyval,
                           NULL);
  MPI_Comm_free(&dup);
  MPI_Dims_create(size, 2, dims);
  MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
  MPI_Cartdim_get(cart, &count);
  MPI_Cart_get(cart, 2, dims, periods, coords);
  MPI_Cart_coords(cart, rank, 2, coords);
  MPI_Cart_rank(cart, coords, &count);
  MPI_Cart_shift(cart, 0, 1, &src, &dst);
  MPI_Comm_remote_size(cart, &count);

  /* datatypes */
  MPI_Type_contiguous(2, MPI_INT, &contig);
  MPI_Type_vector(2, 1, 2, MPI_INT, &vec);
  MPI_Type_create_hvector(2, 1, 8, MPI_INT, &vec);
  MPI_Type_indexed(2, blocklens, displs, MPI_INT, &vec);
  MPI_Type_create_hindexed(2, blocklens, disps, MPI_INT, &vec);
  MPI_Type_create_indexed_block(2, 1, displs, MPI_INT, &vec);
  MPI_Type_create_struct(2, blocklens, disps, types, &strct);
  MPI_Type_create_resized(strct, 0, 16, &resized);
  MPI_Type_commit(&resized);
  MPI_Type_size(resized, &count);
  MPI_Type_get_extent(resized, &lb, &extent);
  MPI_Type_get_true_extent(resized, &lb, &extent);
  MPI_Type_dup(contig, &vec);
  MPI_Type_free(&vec);
  MPI_Get_address(buf, &addr);
  MPI_Pack_size(2, MPI_INT, MPI_COMM_WORLD, &count);
  MPI_Pack(buf, 2, MPI_INT, packbuf, (int)sizeof packbuf, &pos,
           MPI_COMM_WORLD);
  pos = 0;
  MPI_Unpack(packbuf, (int)sizeof packbuf, &pos, rbuf, 2, MPI_INT,
             MPI_COMM_WORLD);
  MPI_Send(packbuf, pos, MPI_PACKED, MPI_PROC_NULL, 0, MPI_COMM_WORLD);
  {
    MPI_Datatype all[] = {
        MPI_CHAR, MPI_SIGNED_CHAR, MPI_UNSIGNED_CHAR, MPI_BYTE, MPI_SHORT,
        MPI_UNSIGNED_SHORT, MPI_INT, MPI_UNSIGNED, MPI_LONG,
        MPI_UNSIGNED_LONG, MPI_LONG_LONG_INT, MPI_LONG_LONG,
        MPI_UNSIGNED_LONG_LONG, MPI_FLOAT, MPI_DOUBLE, MPI_LONG_DOUBLE,
        MPI_WCHAR, MPI_C_BOOL, MPI_INT8_T, MPI_INT16_T, MPI_INT32_T,
        MPI_INT64_T, MPI_UINT8_T, MPI_UINT16_T, MPI_UINT32_T, MPI_UINT64_T,
        MPI_FLOAT_INT, MPI_DOUBLE_INT, MPI_LONG_INT, MPI_2INT, MPI_SHORT_INT,
        MPI_LONG_DOUBLE_INT, MPI_PACKED, MPI_AINT, MPI_OFFSET, MPI_COUNT,
        MPI_C_DOUBLE_COMPLEX, MPI_DATATYPE_NULL};
    MPI_Op ops[] = {MPI_MAX, MPI_MIN, MPI_SUM, MPI_PROD, MPI_LAND,
                    MPI_BAND, MPI_LOR, MPI_BOR, MPI_LXOR, MPI_BXOR,
                    MPI_MAXLOC, MPI_MINLOC, MPI_REPLACE, MPI_NO_OP,
                    MPI_OP_NULL};
    int consts[] = {MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_PROC_NULL, MPI_ROOT,
                    MPI_UNDEFINED, MPI_SUCCESS, MPI_ERR_BUFFER,
                    MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_TAG, MPI_ERR_RANK,
                    MPI_ERR_ROOT, MPI_ERR_OP, MPI_ERR_ARG, MPI_ERR_OTHER,
                    MPI_ERR_INTERN, MPI_ERR_IN_STATUS, MPI_ERR_PENDING,
                    MPI_ERR_REQUEST, MPI_ERR_GROUP, MPI_ERR_UNKNOWN,
                    MPI_ERR_LASTCODE, MPI_THREAD_SINGLE, MPI_THREAD_SERIALIZED,
                    MPI_THREAD_MULTIPLE, MPI_VERSION, MPI_SUBVERSION,
                    MPI_COMM_TYPE_SHARED, MPI_MAX_INFO_KEY, MPI_MAX_INFO_VAL};
    MPI_Errhandler ehs[] = {MPI_ERRORS_ARE_FATAL, MPI_ERRORS_RETURN,
                            MPI_ERRHANDLER_NULL};
    (void)all; (void)ops; (void)consts; (void)ehs;
  }

  /* info */
  MPI_Info_create(&info);
  MPI_Info_set(info, "key", "value");
  MPI_Info_get(info, "key", MPI_MAX_INFO_VAL - 1, err, &flag);
  MPI_Info_get_nkeys(info, &count);
  MPI_Info_get_nthkey(info, 0, cname);
  MPI_Info_delete(info, "key");
  MPI_Info_free(&info);
  if (info == MPI_INFO_NULL)
    printf("%s %f %d\n", name, t0, *tag_ub);

  MPI_Finalized(&flag);
  if (rank < 0)
    MPI_Abort(MPI_COMM_WORLD, 1);
  MPI_Finalize();
  return 0;
}
