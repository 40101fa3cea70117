/* The verification API of GenMC's genmc.h for the checkfence LLVM front
 * end, so that programs written for GenMC check without edits (see
 * frontend/llvm/verifier.go for what each function means here).
 *
 * __VERIFIER_assume(c): executions in which c is false are not considered.
 * __VERIFIER_nondet_int(): any int; the check covers every value (GenMC
 *   draws a fixed sequence instead), so bound it with __VERIFIER_assume or
 *   use lsl_nondet(lo, hi) from lsl_protos.h for a small range.
 * __VERIFIER_loop_begin, __VERIFIER_spin_start, __VERIFIER_spin_end: hints
 *   for GenMC's spin-loop detection; they do nothing here, where a spin
 *   iteration that changes nothing is never needed (fair progress). */
#ifndef _CHECKFENCE_GENMC_H
#define _CHECKFENCE_GENMC_H
#ifdef __cplusplus
extern "C" {
#endif
void __VERIFIER_assume(int);
int __VERIFIER_nondet_int(void);
void __VERIFIER_loop_begin(void);
void __VERIFIER_spin_start(void);
void __VERIFIER_spin_end(int);
#ifdef __cplusplus
}
#endif
#endif
