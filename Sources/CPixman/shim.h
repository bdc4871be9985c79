#ifndef FLIPCLOCK_CPIXMAN_SHIM_H
#define FLIPCLOCK_CPIXMAN_SHIM_H
#include <pixman.h>

// pixman_double_to_fixed is a macro Swift cannot import.
static inline pixman_fixed_t flipclock_pixman_fixed(double d) { return pixman_double_to_fixed(d); }
#endif
