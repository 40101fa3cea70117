/* The checkfence API (SPEC §3). Calls to these functions are translated
 * into LSL statements; they must not be defined by the program. */
#ifndef _LSL_PROTOS_H
#define _LSL_PROTOS_H
#include <stddef.h>

#ifdef __bool_true_false_are_defined
/* stdbool.h already made true and false macros with the same values. */
enum boolean { __lsl_false = 0, __lsl_true = 1 };
#else
enum boolean { false = 0, true = 1 };
#endif
typedef enum boolean boolean_t;

typedef unsigned uint32;
typedef unsigned long long uint64;

void *lsl_malloc(size_t size);
void lsl_free(void *ptr);
void *lsl_malloc_noreuse(size_t size);
void lsl_free_noreuse(void *ptr);

void lsl_assert(boolean_t expr);
void lsl_assume(boolean_t expr);

typedef unsigned lsl_lock_t;
void lsl_initlock(lsl_lock_t *lock);
void lsl_lock(lsl_lock_t *lock);
void lsl_unlock(lsl_lock_t *lock);

void lsl_fence(char *fencetype);

int lsl_get_number_threads();
int lsl_get_thread_id();

void lsl_observe_label(char *opname);
void lsl_observe_input(char *name, int val);
void lsl_observe_output(char *name, int val);

int lsl_nondet(int min, int max);
int lsl_choose();

boolean_t lsl_cas_32(void *loc, uint32 old, uint32 new);
boolean_t lsl_cas_64(void *loc, uint64 old, uint64 new);
boolean_t lsl_cas_ptr(void *loc, void *old, void *new);
boolean_t lsl_dcas_32(void *loc1, void *loc2, uint32 old1, uint32 old2, uint32 new1, uint32 new2);
boolean_t lsl_dcas_64(void *loc1, void *loc2, uint64 old1, uint64 old2, uint64 new1, uint64 new2);
boolean_t lsl_dcas_ptr(void *loc1, void *loc2, void *old1, void *old2, void *new1, void *new2);

/* lsl_get_struct_pointer(structtype, fieldname, fieldpointer) is a pointer
 * to the structtype that contains the field fieldpointer points to. The
 * offsetof argument only names the field (its nesting depth is used). */
void *__lsl_get_struct_pointer(void *fieldpointer, size_t fieldoffset);
#define lsl_get_struct_pointer(structtype, fieldname, fieldpointer) \
	((structtype *)__lsl_get_struct_pointer((fieldpointer), __builtin_offsetof(structtype, fieldname)))

#endif
