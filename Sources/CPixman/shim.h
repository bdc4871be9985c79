#ifndef FLIPCLOCK_CPIXMAN_SHIM_H
#define FLIPCLOCK_CPIXMAN_SHIM_H
#include <pixman.h>

// pixman_transform_t's matrix is a fixed-size 3x3 array Swift sees as nested tuples, and
// pixman_double_to_fixed is a macro: set a whole matrix from doubles here.
static inline void flipclock_pixman_set_matrix(pixman_transform_t *t, const double m[9]) {
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            t->matrix[i][j] = pixman_double_to_fixed(m[3 * i + j]);
}
#endif
