/* BEGIN and END of a parallel assertion instance (seed 003 §III-D), and the
 * asserting thread's side of its locations: they are computed at BEGIN and
 * again at each of the thread's instrumented accesses while the instance
 * is live (the verifier evaluates e in the region's frame: `items[slot]`
 * follows `slot`); a location that moved is a MOVE event. */
#include "rt_pa_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

_Thread_local rt_inst* rt_tl_live;
_Thread_local int rt_tl_inside;

/* Instance records: those of sites with at most RT_SMALL locations and
 * latches go back to their thread when the checker is done with them (a
 * list the checker pushes to and the thread takes whole), so a region costs
 * no malloc/free; the others the checker frees. */
static _Thread_local rt_inst* tl_free;
static _Thread_local rt_inst* _Atomic* tl_home; /* never freed: the checker may push late */

void rt_retire(rt_inst* in) {
  if (!in->home) {
    free(in);
    return;
  }
  rt_inst* h = atomic_load_explicit(in->home, memory_order_relaxed);
  do
    in->next_free = h;
  while (!atomic_compare_exchange_weak_explicit(in->home, &h, in, memory_order_release,
                                                memory_order_relaxed));
}

static rt_inst* record(const chorus_rt_pa_site* site) {
  int small = site->nlocs <= RT_SMALL && site->nlatches <= RT_SMALL;
  if (small) {
    if (!tl_home)
      tl_home = calloc(1, sizeof *tl_home);
    if (!tl_free && tl_home)
      tl_free = atomic_exchange_explicit(tl_home, NULL, memory_order_acquire);
    if (tl_free) {
      rt_inst* r = tl_free;
      tl_free = r->next_free;
      r->failed = 0;
      memset(r->latch, 0, RT_SMALL + 1);
      return r;
    }
  }
  size_t words = (size_t)(small ? RT_SMALL : site->nlocs ? site->nlocs : 1);
  size_t latches = (size_t)(small ? RT_SMALL : site->nlatches);
  rt_inst* in = calloc(1, sizeof *in + words * (5 * sizeof(uint64_t) + 2) + latches + 1);
  if (!in) {
    fprintf(stderr, "chorus-rt: out of memory for a parallel assertion instance\n");
    _exit(3);
  }
  in->cval = (uint64_t(*)[2])(in + 1);
  in->addr = (uintptr_t*)(in->cval + words);
  in->caddr = in->addr + words;
  in->size = (unsigned long*)(in->caddr + words);
  in->kind = (unsigned char*)(in->size + words);
  in->latch = in->kind + words;
  in->home = small ? tl_home : NULL;
  return in;
}

chorus_rt_pa_scope chorus_rt_pa_begin(const chorus_rt_pa_site* site, chorus_rt_pa_locate locate,
                                      const unsigned long* sizes, const unsigned char* kinds) {
  rt_start();
  rt_join();
  int n = site->nlocs;
  rt_inst* in = record(site);
  in->site = site;
  in->tid = rt_tid();
  in->locate = locate;
  for (int k = 0; k < n; ++k) {
    in->size[k] = sizes[k];
    in->kind[k] = kinds[k];
  }
  ++rt_tl_inside;
  locate((void**)in->addr);
  --rt_tl_inside;
  in->direct = rt_direct_ok(site, kinds);
  if (in->direct) {
    rt_direct_begin(in);
    in->next_live = rt_tl_live;
    rt_tl_live = in;
    return in;
  }
  rt_start_checker();
  atomic_fetch_add(&rt_live_logged, 1);
  for (int k = 0; k < n; ++k) {
    in->caddr[k] = in->addr[k];
    if (in->kind[k] != CHORUS_RT_PA_OTHER)
      rt_snapshot(in->addr[k], in->size[k], in->cval[k]);
    rt_filter_add(in->addr[k], in->size[k], 1);
  }
  in->next_live = rt_tl_live;
  rt_tl_live = in;
  rt_log(RT_BEGIN, 0, 0, in, -1, __builtin_return_address(0), NULL);
  return in;
}

void chorus_rt_pa_end(chorus_rt_pa_scope* s) {
  rt_inst* in = *s;
  if (!in)
    return;
  /* instances end in the reverse order of their BEGINs */
  for (rt_inst** p = &rt_tl_live; *p; p = &(*p)->next_live)
    if (*p == in) {
      *p = in->next_live;
      break;
    }
  if (in->direct) {
    rt_direct_end(in);
    in->next_free = tl_free; /* a small record: pooled */
    tl_free = in;
    return;
  }
  uintptr_t addr[64];
  unsigned long size[64];
  int n = in->site->nlocs; /* at most 64 (chorus cc) */
  for (int k = 0; k < n; ++k) {
    addr[k] = in->addr[k];
    size[k] = in->size[k];
  }
  rt_log(RT_END, 0, 0, in, -1, __builtin_return_address(0), NULL);
  /* the checker frees `in` after END: only the copies are used here */
  for (int k = 0; k < n; ++k)
    rt_filter_add(addr[k], size[k], -1);
  atomic_fetch_sub(&rt_live_logged, 1);
}

void rt_snapshot(uintptr_t a, unsigned long n, uint64_t out[2]) {
  out[0] = out[1] = 0;
  switch (n) {
  case 1:
    out[0] = __atomic_load_n((const unsigned char*)a, __ATOMIC_RELAXED);
    break;
  case 2:
    out[0] = __atomic_load_n((const unsigned short*)a, __ATOMIC_RELAXED);
    break;
  case 4:
    out[0] = __atomic_load_n((const unsigned*)a, __ATOMIC_RELAXED);
    break;
  case 8:
    out[0] = __atomic_load_n((const unsigned long long*)a, __ATOMIC_RELAXED);
    break;
  default:
    memcpy(out, (const void*)a, n < 16 ? n : 16);
  }
}

void rt_relocate(void) {
  ++rt_tl_inside;
  for (rt_inst* in = rt_tl_live; in; in = in->next_live) {
    uintptr_t now[64];
    int n = in->site->nlocs; /* at most 64 (chorus cc) */
    in->locate((void**)now);
    for (int k = 0; k < n; ++k)
      if (now[k] != in->addr[k]) {
        if (in->direct) {
          rt_direct_moved(in, k, now[k]);
          continue;
        }
        rt_filter_add(now[k], in->size[k], 1);
        rt_filter_add(in->addr[k], in->size[k], -1);
        in->addr[k] = now[k];
        uint64_t v[2] = {0, 0};
        if (in->kind[k] != CHORUS_RT_PA_OTHER)
          rt_snapshot(now[k], in->size[k], v);
        rt_log(RT_MOVE, now[k], (uint32_t)in->size[k], in, k, __builtin_return_address(0), v);
      }
  }
  --rt_tl_inside;
}

/* The isa words of clang's block literals (`locate` is a stack block that
 * is only called, never copied: no Blocks run time is needed). Weak: a
 * program linked with a Blocks run time keeps that one. */
__attribute__((weak)) void* _NSConcreteStackBlock[32];
__attribute__((weak)) void* _NSConcreteGlobalBlock[32];
