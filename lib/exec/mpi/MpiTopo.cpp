// MPI process topologies (MPI 3.1 chapter 7): Dims_create, Cartesian
// (Cart_create/get/rank/coords/shift/sub, Cartdim_get), graph
// (Graph_create, Graphdims_get, Graph_get, Graph_neighbors(_count)) and
// distributed graph (Dist_graph_create_adjacent, Dist_graph_neighbors(_count))
// topologies, Topo_test, and the neighbourhood collectives
// Neighbor_allgather(v) and Neighbor_alltoall(v).
//
// A topology is an entry of kind kTopoKind in the object table of each
// member, keyed by the communicator's handle, payload [type, ...] (see
// encode()). The creating calls are collectives over the old communicator
// (records of kinds CartCreate, GraphCreate, CartSub: a split with color
// and key; DistGraphCreate: a dup); each member's record carries the
// topology it gets in its aux value, attached by attachTopology() when the
// last member arrives (MpiColl.cpp). Ranks are never reordered (`reorder`
// is allowed to be ignored). Comm_dup copies the topology, Comm_free drops
// it.
//
// Neighbourhood collectives are collectives over the communicator whose
// blocks go along the topology's edges: each member's record holds its send
// blocks (data) and, in aux, its out-edges (peer process, label, first
// value, number of values, signature) and in-slots (peer process, label,
// byte offset, signature). A block sent along an out-edge lands in the
// in-slot of the peer with the same label: for Cartesian topologies the
// label is 2d for the neighbour in the negative direction of dimension d and
// 2d+1 for the positive one (the block sent to the source of dimension d is
// received in the slot of the destination there, as MPI 4.0 states), for
// graphs the occurrence of the peer in the list. A block nobody receives, a
// slot nobody fills, or different signatures at the two ends are
// MPI_SIGNATURE_MISMATCH. MPI_PROC_NULL neighbours exchange nothing (their
// receive blocks are left as they are).
#include "MpiInternal.h"

#include <algorithm>
#include <functional>

namespace chorus::exec {

namespace {

using Outcome = Machine::Outcome;

constexpr int64_t kTopoKind = 16;                        ///< object table kind of topologies
constexpr int64_t kGraph = 1, kCart = 2, kDistGraph = 3; ///< MPI_GRAPH, MPI_CART, MPI_DIST_GRAPH
constexpr int64_t kUndefined = -32766;

struct Topo {
  int64_t type = 0;                    ///< 0: none
  std::vector<int64_t> dims, periods;  ///< Cartesian
  std::vector<int64_t> index, edges;   ///< graph (MPI_Graph_create's arrays)
  std::vector<int64_t> sources, dests; ///< distributed graph (ranks)
  std::vector<int64_t> sw, dw;         ///< their weights
  bool weighted = false;
};

std::vector<int64_t> encode(const Topo& t) {
  std::vector<int64_t> v{t.type};
  auto list = [&](const std::vector<int64_t>& l) {
    v.push_back(int64_t(l.size()));
    v.insert(v.end(), l.begin(), l.end());
  };
  if (t.type == kCart) {
    list(t.dims);
    list(t.periods);
  } else if (t.type == kGraph) {
    list(t.index);
    list(t.edges);
  } else if (t.type == kDistGraph) {
    list(t.sources);
    list(t.sw);
    list(t.dests);
    list(t.dw);
    v.push_back(t.weighted);
  }
  return v;
}

Topo decode(const std::vector<int64_t>& v) {
  Topo t;
  if (v.empty())
    return t;
  t.type = v[0];
  size_t i = 1;
  auto list = [&]() {
    std::vector<int64_t> l(v.begin() + long(i) + 1, v.begin() + long(i) + 1 + long(v[i]));
    i += 1 + size_t(v[i]);
    return l;
  };
  if (t.type == kCart) {
    t.dims = list();
    t.periods = list();
  } else if (t.type == kGraph) {
    t.index = list();
    t.edges = list();
  } else if (t.type == kDistGraph) {
    t.sources = list();
    t.sw = list();
    t.dests = list();
    t.dw = list();
    t.weighted = v[i] != 0;
  }
  return t;
}

Expr intsExpr(Machine& m, const std::vector<int64_t>& v) {
  std::vector<Expr> es;
  for (int64_t x : v)
    es.push_back(m.intc(x));
  return m.f.arrayLit(m.f.arrayType(m.f.intType()), es);
}

std::vector<int64_t> exprInts(Machine& m, Expr e) {
  std::vector<int64_t> v;
  if (e)
    for (Expr c : e->children())
      v.push_back(*m.concreteInt(c));
  return v;
}

/// The topology of comm in process proc (type 0 when it has none).
Topo topoOf(Machine& m, int64_t comm, int proc) {
  MpiExt x = loadExt(m, proc);
  int64_t off = findObj(x.objs, kTopoKind, comm);
  return off < 0 ? Topo{} : decode(objPayload(x.objs, off));
}

// ------------------------------------------------------------ arguments

int64_t commArg(Machine& m, const model::Stmt& s, size_t i) {
  return requireComm(m, m.arg(s, i));
}

int64_t intArg(Machine& m, const model::Stmt& s, size_t i, const char* what) {
  Expr v = m.arg(s, i);
  m.checkDefined(v);
  return m.requireConcrete(v, what);
}

Place intAt(Machine& m, Expr arr, int64_t k) {
  return m.placeOfPointer(k == 0 ? arr : m.ptrAdd(arr, m.intc(k)), m.P.types.intType(), m.me);
}

std::vector<int64_t> readInts(Machine& m, Expr arr, int64_t n, const char* what) {
  std::vector<int64_t> out;
  for (int64_t k = 0; k < n; ++k) {
    Expr v = m.readPlace(intAt(m, arr, k));
    m.checkDefined(v);
    out.push_back(m.requireConcrete(v, what));
  }
  return out;
}

void writeInts(Machine& m, Expr arr, const std::vector<int64_t>& v) {
  for (size_t k = 0; k < v.size(); ++k)
    m.writePlace(intAt(m, arr, int64_t(k)), m.intc(v[k]));
}

void setInt(Machine& m, Expr ptr, int64_t v) {
  m.writePlace(intAt(m, ptr, 0), m.intc(v));
}

[[noreturn]] void invalidArg(Machine& m, const std::string& msg) {
  m.fail(ViolationKind::MpiInvalidArgument, msg, m.pc());
}

/// The topology of comm in the moving process, which must be of `type`.
Topo requireTopo(Machine& m, int64_t comm, int64_t type, const std::string& name) {
  Topo t = topoOf(m, comm, m.me);
  if (t.type != type)
    m.fail(ViolationKind::MpiInvalidComm,
           name + " on a communicator without a " +
               (type == kCart    ? "Cartesian"
                : type == kGraph ? "graph"
                                 : "distributed graph") +
               " topology",
           m.pc());
  return t;
}

// ------------------------------------------------------------ Cartesian

int64_t product(const std::vector<int64_t>& v) {
  int64_t p = 1;
  for (int64_t x : v)
    p *= x;
  return p;
}

std::vector<int64_t> coordsOf(const Topo& t, int64_t rank) {
  std::vector<int64_t> c(t.dims.size());
  for (size_t i = t.dims.size(); i-- > 0;) {
    c[i] = rank % t.dims[i];
    rank /= t.dims[i];
  }
  return c;
}

int64_t rankOf(const Topo& t, const std::vector<int64_t>& c) {
  int64_t r = 0;
  for (size_t i = 0; i < t.dims.size(); ++i)
    r = r * t.dims[i] + c[i];
  return r;
}

/// The rank at displacement disp along dimension d from rank r (MPI_PROC_NULL
/// off a non-periodic edge).
int64_t shifted(const Topo& t, int64_t r, size_t d, int64_t disp) {
  std::vector<int64_t> c = coordsOf(t, r);
  int64_t x = c[d] + disp;
  if (t.periods[d])
    x = ((x % t.dims[d]) + t.dims[d]) % t.dims[d];
  else if (x < 0 || x >= t.dims[d])
    return kProcNull;
  c[d] = x;
  return rankOf(t, c);
}

/// MPI_Dims_create's balanced factorization: the lexicographically smallest
/// non-increasing k-tuple with product n (the largest factor as small as
/// possible, then the next, ...).
bool factorize(int64_t n, int k, int64_t maxFactor, std::vector<int64_t>& out) {
  if (k == 0)
    return n == 1;
  // the first (largest) factor f: f^k >= n, f <= maxFactor, f | n
  int64_t lo = 1;
  while (true) {
    __int128 p = 1;
    for (int i = 0; i < k && p < n; ++i)
      p *= lo;
    if (p >= n)
      break;
    ++lo;
  }
  for (int64_t f = lo; f <= std::min(n, maxFactor); ++f) {
    if (n % f)
      continue;
    out.push_back(f);
    if (factorize(n / f, k - 1, f, out))
      return true;
    out.pop_back();
  }
  return false;
}

Outcome runDimsCreate(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  int64_t nnodes = intArg(m, s, 0, "number of nodes");
  int64_t ndims = intArg(m, s, 1, "number of dimensions");
  if (nnodes < 1)
    invalidArg(m, "MPI_Dims_create with " + std::to_string(nnodes) + " nodes");
  if (ndims < 0)
    invalidArg(m, "MPI_Dims_create with a negative number of dimensions");
  Expr arr = m.arg(s, 2);
  std::vector<int64_t> dims = readInts(m, arr, ndims, "dimension");
  int64_t fixed = 1;
  int zeros = 0;
  for (int64_t d : dims) {
    if (d < 0)
      invalidArg(m, "MPI_Dims_create with a negative dimension " + std::to_string(d));
    if (d == 0)
      ++zeros;
    else
      fixed *= d;
  }
  if (nnodes % fixed || (zeros == 0 && fixed != nnodes))
    invalidArg(m, "MPI_Dims_create: " + std::to_string(nnodes) +
                      " nodes cannot be divided into the given dimensions");
  std::vector<int64_t> f;
  factorize(nnodes / fixed, zeros, nnodes, f);
  size_t k = 0;
  for (int64_t& d : dims)
    if (d == 0)
      d = f[k++];
  writeInts(m, arr, dims);
  return mpiDone(m, t);
}

/// Arrival at a topology constructor: a split of comm (color 0 for the ranks
/// that are in the topology, MPI_UNDEFINED for the others, key = rank) whose
/// members get topology `topo`.
Outcome createArrival(Machine& m, const model::Transition& t, int64_t comm, CollKind kind,
                      int64_t color, int64_t key, const Topo& topo, Expr out) {
  m.placeOfPointer(out, m.P.types.intType(), m.me); // the output pointer must be valid
  Expr data = intsExpr(m, {color, key});
  Expr aux = intsExpr(m, encode(topo));
  arrive(m, comm, kind, 0, 0, 0, nullptr, data, out, -1, 0, aux);
  return mpiDone(m, t);
}

Outcome runCartCreate(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  int64_t comm = commArg(m, s, 0);
  int64_t ndims = intArg(m, s, 1, "number of dimensions");
  if (ndims < 0)
    invalidArg(m, "MPI_Cart_create with a negative number of dimensions");
  Topo topo;
  topo.type = kCart;
  topo.dims = readInts(m, m.arg(s, 2), ndims, "dimension");
  for (int64_t d : topo.dims)
    if (d <= 0)
      invalidArg(m, "MPI_Cart_create with a dimension of size " + std::to_string(d));
  for (int64_t p : readInts(m, m.arg(s, 3), ndims, "periodicity"))
    topo.periods.push_back(p != 0);
  intArg(m, s, 4, "reorder");
  int64_t size = commSize(m, m.arg(s, 0));
  if (product(topo.dims) > size)
    invalidArg(m, "MPI_Cart_create with a grid of " + std::to_string(product(topo.dims)) +
                      " processes on a communicator of " + std::to_string(size));
  int64_t rank = procToRank(m, comm, m.me);
  return createArrival(m, t, comm, CollKind::CartCreate, rank < product(topo.dims) ? 0 : kUndefined,
                       rank, topo, m.arg(s, 5));
}

Outcome runCartSub(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  int64_t comm = commArg(m, s, 0);
  Topo topo = requireTopo(m, comm, kCart, name);
  std::vector<int64_t> remain = readInts(m, m.arg(s, 1), int64_t(topo.dims.size()), "remain_dims");
  std::vector<int64_t> c = coordsOf(topo, procToRank(m, comm, m.me));
  Topo sub;
  sub.type = kCart;
  int64_t color = 0;
  for (size_t d = 0; d < topo.dims.size(); ++d)
    if (remain[d]) {
      sub.dims.push_back(topo.dims[d]);
      sub.periods.push_back(topo.periods[d]);
    } else {
      color = color * topo.dims[d] + c[d];
    }
  return createArrival(m, t, comm, CollKind::CartSub, color, procToRank(m, comm, m.me), sub,
                       m.arg(s, 2));
}

Outcome runCartQuery(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  int64_t comm = commArg(m, s, 0);
  Topo topo = requireTopo(m, comm, kCart, name);
  int64_t nd = int64_t(topo.dims.size());
  if (name == "MPI_Cartdim_get") {
    setInt(m, m.arg(s, 1), nd);
  } else if (name == "MPI_Cart_get") {
    int64_t maxdims = intArg(m, s, 1, "maxdims");
    if (maxdims < nd)
      invalidArg(m, "MPI_Cart_get with maxdims " + std::to_string(maxdims) + " < " +
                        std::to_string(nd) + " dimensions");
    writeInts(m, m.arg(s, 2), topo.dims);
    writeInts(m, m.arg(s, 3), topo.periods);
    writeInts(m, m.arg(s, 4), coordsOf(topo, procToRank(m, comm, m.me)));
  } else if (name == "MPI_Cart_rank") {
    std::vector<int64_t> c = readInts(m, m.arg(s, 1), nd, "coordinate");
    for (size_t d = 0; d < c.size(); ++d) {
      if (topo.periods[d])
        c[d] = ((c[d] % topo.dims[d]) + topo.dims[d]) % topo.dims[d];
      else if (c[d] < 0 || c[d] >= topo.dims[d])
        invalidArg(m, "MPI_Cart_rank: coordinate " + std::to_string(c[d]) +
                          " outside the non-periodic dimension " + std::to_string(d));
    }
    setInt(m, m.arg(s, 2), rankOf(topo, c));
  } else if (name == "MPI_Cart_coords") {
    int64_t rank = intArg(m, s, 1, "rank");
    if (rank < 0 || rank >= product(topo.dims))
      m.fail(ViolationKind::MpiInvalidRank,
             "MPI_Cart_coords of invalid rank " + std::to_string(rank), m.pc());
    int64_t maxdims = intArg(m, s, 2, "maxdims");
    if (maxdims < nd)
      invalidArg(m, "MPI_Cart_coords with maxdims " + std::to_string(maxdims) + " < " +
                        std::to_string(nd) + " dimensions");
    writeInts(m, m.arg(s, 3), coordsOf(topo, rank));
  } else { // MPI_Cart_shift
    int64_t dir = intArg(m, s, 1, "direction");
    int64_t disp = intArg(m, s, 2, "displacement");
    if (dir < 0 || dir >= nd)
      invalidArg(m, "MPI_Cart_shift in direction " + std::to_string(dir) + " of a " +
                        std::to_string(nd) + "-dimensional grid");
    int64_t r = procToRank(m, comm, m.me);
    setInt(m, m.arg(s, 3), shifted(topo, r, size_t(dir), -disp));
    setInt(m, m.arg(s, 4), shifted(topo, r, size_t(dir), disp));
  }
  return mpiDone(m, t);
}

// ---------------------------------------------------------------- graphs

/// Neighbours (ranks) of rank r in a graph topology.
std::vector<int64_t> graphNeighbors(const Topo& t, int64_t r) {
  int64_t from = r == 0 ? 0 : t.index[size_t(r - 1)], to = t.index[size_t(r)];
  return std::vector<int64_t>(t.edges.begin() + from, t.edges.begin() + to);
}

Outcome runGraphCreate(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  int64_t comm = commArg(m, s, 0);
  int64_t nnodes = intArg(m, s, 1, "number of nodes");
  int64_t size = commSize(m, m.arg(s, 0));
  if (nnodes < 0 || nnodes > size)
    invalidArg(m, "MPI_Graph_create with " + std::to_string(nnodes) +
                      " nodes on a communicator of " + std::to_string(size));
  Topo topo;
  topo.type = kGraph;
  topo.index = readInts(m, m.arg(s, 2), nnodes, "index");
  int64_t prev = 0;
  for (int64_t x : topo.index) {
    if (x < prev)
      invalidArg(m, "MPI_Graph_create with a decreasing index array");
    prev = x;
  }
  topo.edges = readInts(m, m.arg(s, 3), prev, "edge");
  for (int64_t e : topo.edges)
    if (e < 0 || e >= nnodes)
      m.fail(ViolationKind::MpiInvalidRank,
             "MPI_Graph_create with an edge to node " + std::to_string(e) + " of " +
                 std::to_string(nnodes),
             m.pc());
  intArg(m, s, 4, "reorder");
  int64_t rank = procToRank(m, comm, m.me);
  return createArrival(m, t, comm, CollKind::GraphCreate, rank < nnodes ? 0 : kUndefined, rank,
                       topo, m.arg(s, 5));
}

Outcome runGraphQuery(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  int64_t comm = commArg(m, s, 0);
  Topo topo = requireTopo(m, comm, kGraph, name);
  int64_t nnodes = int64_t(topo.index.size());
  if (name == "MPI_Graphdims_get") {
    setInt(m, m.arg(s, 1), nnodes);
    setInt(m, m.arg(s, 2), int64_t(topo.edges.size()));
  } else if (name == "MPI_Graph_get") {
    int64_t maxindex = intArg(m, s, 1, "maxindex"), maxedges = intArg(m, s, 2, "maxedges");
    std::vector<int64_t> idx = topo.index, e = topo.edges;
    idx.resize(size_t(std::min<int64_t>(std::max<int64_t>(maxindex, 0), nnodes)));
    e.resize(size_t(std::min<int64_t>(std::max<int64_t>(maxedges, 0), int64_t(e.size()))));
    writeInts(m, m.arg(s, 3), idx);
    writeInts(m, m.arg(s, 4), e);
  } else {
    int64_t rank = intArg(m, s, 1, "rank");
    if (rank < 0 || rank >= nnodes)
      m.fail(ViolationKind::MpiInvalidRank, name + " of invalid rank " + std::to_string(rank),
             m.pc());
    std::vector<int64_t> nb = graphNeighbors(topo, rank);
    if (name == "MPI_Graph_neighbors_count") {
      setInt(m, m.arg(s, 2), int64_t(nb.size()));
    } else {
      int64_t maxn = intArg(m, s, 2, "maxneighbors");
      nb.resize(size_t(std::min<int64_t>(std::max<int64_t>(maxn, 0), int64_t(nb.size()))));
      writeInts(m, m.arg(s, 3), nb);
    }
  }
  return mpiDone(m, t);
}

bool unweighted(Machine& m, Expr p) {
  return isSpecial(m, p, "chorus_mpi_unweighted_");
}

Outcome runDistGraphCreateAdjacent(Machine& m, const std::string& name,
                                   const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  int64_t comm = commArg(m, s, 0);
  int64_t size = commSize(m, m.arg(s, 0));
  Topo topo;
  topo.type = kDistGraph;
  int64_t indeg = intArg(m, s, 1, "indegree"), outdeg = intArg(m, s, 4, "outdegree");
  if (indeg < 0 || outdeg < 0)
    invalidArg(m, "MPI_Dist_graph_create_adjacent with a negative degree");
  topo.sources = readInts(m, m.arg(s, 2), indeg, "source");
  topo.dests = readInts(m, m.arg(s, 5), outdeg, "destination");
  for (int64_t r : topo.sources)
    checkRank(m, r, m.arg(s, 0), false);
  for (int64_t r : topo.dests)
    checkRank(m, r, m.arg(s, 0), false);
  (void)size;
  Expr swp = m.arg(s, 3), dwp = m.arg(s, 6);
  topo.weighted = !unweighted(m, swp) || !unweighted(m, dwp);
  if (topo.weighted) {
    if (unweighted(m, swp) != unweighted(m, dwp))
      invalidArg(m, "MPI_Dist_graph_create_adjacent with MPI_UNWEIGHTED for only one of the "
                    "weight arrays");
    if (!isSpecial(m, swp, "chorus_mpi_weights_empty_"))
      topo.sw = readInts(m, swp, indeg, "source weight");
    if (!isSpecial(m, dwp, "chorus_mpi_weights_empty_"))
      topo.dw = readInts(m, dwp, outdeg, "destination weight");
  }
  checkInfo(m, m.arg(s, 7));
  intArg(m, s, 8, "reorder");
  Expr out = m.arg(s, 9);
  m.placeOfPointer(out, m.P.types.intType(), m.me);
  arrive(m, comm, CollKind::DistGraphCreate, 0, 0, 0, nullptr, nullptr, out, -1, 0,
         intsExpr(m, encode(topo)));
  return mpiDone(m, t);
}

Outcome runDistGraphQuery(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  int64_t comm = commArg(m, s, 0);
  Topo topo = topoOf(m, comm, m.me);
  if (topo.type == kCart || topo.type == kGraph) { // MPI 3.1 §7.5.5: any topology
    int64_t r = procToRank(m, comm, m.me);
    std::vector<int64_t> nb;
    if (topo.type == kGraph) {
      nb = graphNeighbors(topo, r);
    } else {
      for (size_t d = 0; d < topo.dims.size(); ++d) {
        nb.push_back(shifted(topo, r, d, -1));
        nb.push_back(shifted(topo, r, d, 1));
      }
    }
    topo.sources = topo.dests = nb;
  } else if (topo.type != kDistGraph) {
    requireTopo(m, comm, kDistGraph, name);
  }
  if (name == "MPI_Dist_graph_neighbors_count") {
    setInt(m, m.arg(s, 1), int64_t(topo.sources.size()));
    setInt(m, m.arg(s, 2), int64_t(topo.dests.size()));
    setInt(m, m.arg(s, 3), topo.weighted);
    return mpiDone(m, t);
  }
  int64_t maxin = intArg(m, s, 1, "maxindegree"), maxout = intArg(m, s, 4, "maxoutdegree");
  if (maxin < int64_t(topo.sources.size()) || maxout < int64_t(topo.dests.size()))
    invalidArg(m, "MPI_Dist_graph_neighbors with arrays smaller than the degrees");
  writeInts(m, m.arg(s, 2), topo.sources);
  writeInts(m, m.arg(s, 5), topo.dests);
  if (topo.weighted) {
    Expr swp = m.arg(s, 3), dwp = m.arg(s, 6);
    if (!unweighted(m, swp) && !topo.sw.empty())
      writeInts(m, swp, topo.sw);
    if (!unweighted(m, dwp) && !topo.dw.empty())
      writeInts(m, dwp, topo.dw);
  }
  return mpiDone(m, t);
}

Outcome runTopoTest(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Topo topo = topoOf(m, commArg(m, s, 0), m.me);
  setInt(m, m.arg(s, 1), topo.type ? topo.type : kUndefined);
  return mpiDone(m, t);
}

// ------------------------------------------------- neighbourhood collectives

/// The neighbours of the moving process in comm's topology, as ranks
/// (MPI_PROC_NULL possible) with the label of each edge: out-edges in the
/// order of the send blocks, in-edges in the order of the receive blocks.
struct Edges {
  std::vector<std::pair<int64_t, int64_t>> out, in; // (rank, label)
};

Edges edgesOf(Machine& m, int64_t comm, const std::string& name) {
  Topo topo = topoOf(m, comm, m.me);
  int64_t r = procToRank(m, comm, m.me);
  Edges e;
  auto byOccurrence = [](const std::vector<int64_t>& l) {
    std::vector<std::pair<int64_t, int64_t>> v;
    for (size_t i = 0; i < l.size(); ++i)
      v.push_back({l[i], int64_t(std::count(l.begin(), l.begin() + long(i), l[i]))});
    return v;
  };
  switch (topo.type) {
  case kCart:
    for (size_t d = 0; d < topo.dims.size(); ++d) {
      int64_t src = shifted(topo, r, d, -1), dst = shifted(topo, r, d, 1);
      e.out.push_back({src, int64_t(2 * d)});
      e.out.push_back({dst, int64_t(2 * d + 1)});
      e.in.push_back({src, int64_t(2 * d + 1)});
      e.in.push_back({dst, int64_t(2 * d)});
    }
    break;
  case kGraph:
    e.out = e.in = byOccurrence(graphNeighbors(topo, r));
    break;
  case kDistGraph:
    e.out = byOccurrence(topo.dests);
    e.in = byOccurrence(topo.sources);
    break;
  default:
    m.fail(ViolationKind::MpiInvalidComm, name + " on a communicator without a topology", m.pc());
  }
  return e;
}

/// aux layout of a neighbourhood record: [nout, (proc, label, first value,
/// values, sig) x nout, nin, (proc, label, byte offset, sig) x nin]; proc
/// -1 for MPI_PROC_NULL.
Outcome runNeighbor(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  bool v = name.back() == 'v';
  bool all2all = name.find("alltoall") != std::string::npos;
  // argument positions: sendbuf, scount(s), [sdispls], stype, recvbuf,
  // rcount(s), [rdispls], rtype, comm
  size_t i = 0;
  Expr sbuf = m.arg(s, i++);
  Expr scnt = m.arg(s, i++);
  Expr sdis = v && all2all ? m.arg(s, i++) : nullptr;
  int64_t stype = intArg(m, s, i++, "datatype");
  Expr rbuf = m.arg(s, i++);
  Expr rcnt = m.arg(s, i++);
  Expr rdis = v ? m.arg(s, i++) : nullptr;
  int64_t rtype = intArg(m, s, i++, "datatype");
  int64_t comm = commArg(m, s, i);
  CollKind kind = all2all ? (v ? CollKind::NeighborAlltoallv : CollKind::NeighborAlltoall)
                          : (v ? CollKind::NeighborAllgatherv : CollKind::NeighborAllgather);
  checkCommitted(m, stype);
  checkCommitted(m, rtype);
  Edges e = edgesOf(m, comm, name);
  auto count = [&](Expr c, const char* what) {
    m.checkDefined(c);
    int64_t n = m.requireConcrete(c, what);
    if (n < 0)
      m.fail(ViolationKind::MpiInvalidCount, std::string("negative ") + what, m.pc());
    return n;
  };
  size_t nout = e.out.size(), nin = e.in.size();
  // send blocks: (element offset in extents, count) per out-edge
  std::vector<std::pair<int64_t, int64_t>> sblk, rblk;
  if (!all2all) {
    int64_t c = count(scnt, "send count");
    for (size_t k = 0; k < nout; ++k)
      sblk.push_back({0, c});
  } else if (!v) {
    int64_t c = count(scnt, "send count");
    for (size_t k = 0; k < nout; ++k)
      sblk.push_back({int64_t(k) * c, c});
  } else {
    std::vector<int64_t> cs = readInts(m, scnt, int64_t(nout), "send count");
    std::vector<int64_t> ds = readInts(m, sdis, int64_t(nout), "send displacement");
    for (size_t k = 0; k < nout; ++k) {
      if (cs[k] < 0)
        m.fail(ViolationKind::MpiInvalidCount, "negative send count", m.pc());
      sblk.push_back({ds[k], cs[k]});
    }
  }
  if (!v) {
    int64_t c = count(rcnt, "receive count");
    for (size_t k = 0; k < nin; ++k)
      rblk.push_back({int64_t(k) * c, c});
  } else {
    std::vector<int64_t> cs = readInts(m, rcnt, int64_t(nin), "receive count");
    std::vector<int64_t> ds = readInts(m, rdis, int64_t(nin), "receive displacement");
    for (size_t k = 0; k < nin; ++k) {
      if (cs[k] < 0)
        m.fail(ViolationKind::MpiInvalidCount, "negative receive count", m.pc());
      rblk.push_back({ds[k], cs[k]});
    }
  }
  int64_t sext = typeExtent(m, stype), rext = typeExtent(m, rtype);
  std::vector<Expr> data, block; // block: the one send block of the allgathers
  bool haveBlock = false;
  std::vector<int64_t> aux{int64_t(nout)};
  for (size_t k = 0; k < nout; ++k) {
    int64_t peer = e.out[k].first;
    bool real = peer != kProcNull;
    std::vector<Expr> vals;
    if (real && !all2all) {
      if (!haveBlock)
        block = readTyped(m, sbuf, 0, sblk[k].second, stype, ViolationKind::MpiInvalidBuffer);
      haveBlock = true;
      vals = block;
    } else if (real) {
      vals = readTyped(m, sbuf, sblk[k].first * sext, sblk[k].second, stype,
                       ViolationKind::MpiInvalidBuffer);
    }
    aux.push_back(real ? rankToProc(m, comm, peer) : -1);
    aux.push_back(e.out[k].second);
    aux.push_back(int64_t(data.size()));
    aux.push_back(int64_t(vals.size()));
    aux.push_back(collSig(m, sblk[k].second, stype));
    data.insert(data.end(), vals.begin(), vals.end());
  }
  aux.push_back(int64_t(nin));
  for (size_t k = 0; k < nin; ++k) {
    int64_t peer = e.in[k].first;
    aux.push_back(peer != kProcNull ? rankToProc(m, comm, peer) : -1);
    aux.push_back(e.in[k].second);
    aux.push_back(rblk[k].first * rext);
    aux.push_back(collSig(m, rblk[k].second, rtype));
  }
  arrive(m, comm, kind, 0, int(rtype), 0, nullptr, packValues(m, data), rbuf, -1, 0,
         intsExpr(m, aux));
  return mpiDone(m, t);
}

} // namespace

// ------------------------------------------------------------ shared

bool splitsComm(CollKind k) {
  return k == CollKind::CommSplit || k == CollKind::CartCreate || k == CollKind::CartSub ||
         k == CollKind::GraphCreate;
}

bool createsComm(CollKind k) {
  return splitsComm(k) || k == CollKind::CommDup || k == CollKind::CommCreate ||
         k == CollKind::DistGraphCreate;
}

void attachTopology(Machine& m, int proc, int64_t comm, Expr aux) {
  std::vector<int64_t> v = exprInts(m, aux);
  if (v.empty() || v[0] == 0)
    return;
  MpiExt x = loadExt(m, proc);
  int64_t off = findObj(x.objs, kTopoKind, comm);
  if (off >= 0)
    removeObj(x.objs, off);
  addObj(x.objs, kTopoKind, comm, v);
  storeExt(m, proc, x);
}

Expr topologyAux(Machine& m, int64_t comm) {
  Topo t = topoOf(m, comm, m.me);
  return t.type ? intsExpr(m, encode(t)) : nullptr;
}

void detachTopology(Machine& m, int64_t comm) {
  MpiExt x = loadExt(m, m.me);
  int64_t off = findObj(x.objs, kTopoKind, comm);
  if (off < 0)
    return;
  removeObj(x.objs, off);
  storeExt(m, m.me, x);
}

bool isTopologyObject(int64_t kind) {
  return kind == kTopoKind;
}

void checkDistGraph(Machine& m, const std::vector<CollRec>& recs, const std::vector<int>& group) {
  // every edge must be given at both ends: p lists q as destination as many
  // times as q lists p as source
  size_t n = group.size();
  auto rankIn = [&](int64_t r) { return r >= 0 && r < int64_t(n) ? group[size_t(r)] : -1; };
  for (size_t i = 0; i < n; ++i) {
    Topo ti = decode(exprInts(m, recs[i].aux));
    for (size_t j = 0; j < n; ++j) {
      Topo tj = decode(exprInts(m, recs[j].aux));
      auto out = std::count_if(ti.dests.begin(), ti.dests.end(),
                               [&](int64_t r) { return rankIn(r) == group[j]; });
      auto in = std::count_if(tj.sources.begin(), tj.sources.end(),
                              [&](int64_t r) { return rankIn(r) == group[i]; });
      if (out != in)
        m.fail(ViolationKind::MpiInvalidArgument,
               "MPI_Dist_graph_create_adjacent: process " + std::to_string(group[i]) + " lists " +
                   std::to_string(group[j]) + " " + std::to_string(out) +
                   " time(s) as a destination, but process " + std::to_string(group[j]) +
                   " lists it " + std::to_string(in) + " time(s) as a source",
               m.pc());
    }
  }
}

std::vector<std::vector<Seg>> completeNeighbor(Machine& m, CollKind kind,
                                               const std::vector<CollRec>& recs,
                                               const std::vector<int>& group) {
  size_t n = group.size();
  struct Out {
    int64_t proc, label, first, count, sig;
    bool used = false;
  };
  struct In {
    int64_t proc, label, off, sig;
  };
  std::vector<std::vector<Out>> outs(n);
  std::vector<std::vector<In>> ins(n);
  std::vector<std::vector<Expr>> data(n);
  for (size_t i = 0; i < n; ++i) {
    std::vector<int64_t> a = exprInts(m, recs[i].aux);
    size_t k = 0;
    int64_t nout = a[k++];
    for (int64_t j = 0; j < nout; ++j, k += 5)
      outs[i].push_back(Out{a[k], a[k + 1], a[k + 2], a[k + 3], a[k + 4]});
    int64_t nin = a[k++];
    for (int64_t j = 0; j < nin; ++j, k += 4)
      ins[i].push_back(In{a[k], a[k + 1], a[k + 2], a[k + 3]});
    if (recs[i].data)
      data[i].assign(recs[i].data->children().begin(), recs[i].data->children().end());
  }
  auto index = [&](int proc) {
    return size_t(std::find(group.begin(), group.end(), proc) - group.begin());
  };
  std::vector<std::vector<Seg>> segs(n);
  for (size_t i = 0; i < n; ++i)
    for (const In& slot : ins[i]) {
      if (slot.proc < 0)
        continue;
      size_t q = index(int(slot.proc));
      Out* o = nullptr;
      for (Out& cand : outs[q])
        if (cand.proc == group[i] && cand.label == slot.label && !cand.used)
          o = &cand;
      if (!o)
        m.fail(ViolationKind::MpiSignatureMismatch,
               std::string(collName(kind)) + ": process " + std::to_string(group[i]) +
                   " receives a block from process " + std::to_string(slot.proc) +
                   ", which sends it none",
               m.pc());
      o->used = true;
      if (o->sig != slot.sig)
        m.fail(ViolationKind::MpiSignatureMismatch,
               std::string(collName(kind)) + ": process " + std::to_string(slot.proc) + " sends " +
                   sigText(sigById(o->sig)) + " to process " + std::to_string(group[i]) +
                   ", which expects " + sigText(sigById(slot.sig)),
               m.pc());
      std::vector<Expr> vals(data[q].begin() + long(o->first),
                             data[q].begin() + long(o->first + o->count));
      segs[i].push_back(Seg{slot.off, recs[i].dt, vals});
    }
  for (size_t q = 0; q < n; ++q)
    for (const Out& o : outs[q])
      if (o.proc >= 0 && !o.used)
        m.fail(ViolationKind::MpiSignatureMismatch,
               std::string(collName(kind)) + ": process " + std::to_string(group[q]) +
                   " sends a block to process " + std::to_string(o.proc) +
                   ", which receives none from it",
               m.pc());
  return segs;
}

void registerMpiTopo(MpiTable& t) {
  t.add("MPI_Dims_create", {runDimsCreate});
  t.add("MPI_Cart_create", {runCartCreate});
  t.add("MPI_Cart_sub", {runCartSub});
  t.add({"MPI_Cartdim_get", "MPI_Cart_get", "MPI_Cart_rank", "MPI_Cart_coords", "MPI_Cart_shift"},
        {runCartQuery});
  t.add("MPI_Graph_create", {runGraphCreate});
  t.add({"MPI_Graphdims_get", "MPI_Graph_get", "MPI_Graph_neighbors_count", "MPI_Graph_neighbors"},
        {runGraphQuery});
  t.add("MPI_Dist_graph_create_adjacent", {runDistGraphCreateAdjacent});
  t.add({"MPI_Dist_graph_neighbors_count", "MPI_Dist_graph_neighbors"}, {runDistGraphQuery});
  t.add("MPI_Topo_test", {runTopoTest});
  t.add({"MPI_Neighbor_allgather", "MPI_Neighbor_alltoall", "MPI_Neighbor_allgatherv",
         "MPI_Neighbor_alltoallv"},
        {runNeighbor});
}

} // namespace chorus::exec
