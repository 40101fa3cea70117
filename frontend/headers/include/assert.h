/* assert(e) fails the test when e is false (like lsl_assert). As in C, it
 * may be read again, and obeys NDEBUG. */
#undef assert
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
void __lsl_c_assert(_Bool cond);
#define assert(e) __lsl_c_assert(e)
#endif
