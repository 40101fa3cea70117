/* The checkfence API (SPEC §3) for C++ programs compiled with clang++-14
 * (the C header's enum boolean clashes with C++'s bool). The functions
 * have C linkage, so that the LLVM front end recognizes them. */
#ifndef _LSL_PROTOS_H
#define _LSL_PROTOS_H
#include <stddef.h>

typedef bool boolean_t;
typedef unsigned uint32;
typedef unsigned long long uint64;
typedef unsigned lsl_lock_t;

extern "C" {
void *lsl_malloc(size_t size);
void lsl_free(void *ptr);
void *lsl_malloc_noreuse(size_t size);
void lsl_free_noreuse(void *ptr);
void lsl_assert(boolean_t expr);
void lsl_assume(boolean_t expr);
void lsl_initlock(lsl_lock_t *lock);
void lsl_lock(lsl_lock_t *lock);
void lsl_unlock(lsl_lock_t *lock);
void lsl_fence(const char *fencetype);
int lsl_get_number_threads();
int lsl_get_thread_id();
void lsl_observe_label(const char *opname);
void lsl_observe_input(const char *name, int val);
void lsl_observe_output(const char *name, int val);
int lsl_nondet(int min, int max);
int lsl_choose();
boolean_t lsl_cas_32(void *loc, uint32 old, uint32 nw);
boolean_t lsl_cas_64(void *loc, uint64 old, uint64 nw);
boolean_t lsl_cas_ptr(void *loc, void *old, void *nw);
boolean_t lsl_dcas_32(void *loc1, void *loc2, uint32 old1, uint32 old2, uint32 new1, uint32 new2);
boolean_t lsl_dcas_64(void *loc1, void *loc2, uint64 old1, uint64 old2, uint64 new1, uint64 new2);
boolean_t lsl_dcas_ptr(void *loc1, void *loc2, void *old1, void *old2, void *new1, void *new2);
void *__lsl_get_struct_pointer(void *fieldpointer, size_t fieldoffset);
}
#define lsl_get_struct_pointer(structtype, fieldname, fieldpointer) \
	((structtype *)__lsl_get_struct_pointer((fieldpointer), __builtin_offsetof(structtype, fieldname)))

#endif
