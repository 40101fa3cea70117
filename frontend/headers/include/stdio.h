/* A minimal stdio.h for checkfence (both front ends): output is not part
 * of what a check sees, so printf and its relatives do nothing and return
 * 0 (their arguments are still computed, with the loads that takes).
 * scanf, fscanf and sscanf read numbers and characters: input is any
 * value, a string literal what it says (docs/c-conventions.md, "Input").
 * Nothing writes to buffers (no sprintf). */
#ifndef _CHECKFENCE_STDIO_H
#define _CHECKFENCE_STDIO_H
#include <stddef.h>

typedef struct __checkfence_file FILE;
#define stdin ((FILE *)0)
#define stdout ((FILE *)0)
#define stderr ((FILE *)0)
#define EOF (-1)

int printf(const char *format, ...);
int fprintf(FILE *stream, const char *format, ...);
int puts(const char *s);
int fputs(const char *s, FILE *stream);
int putchar(int c);
int fflush(FILE *stream);
int scanf(const char *format, ...);
int fscanf(FILE *stream, const char *format, ...);
int sscanf(const char *str, const char *format, ...);

#endif
