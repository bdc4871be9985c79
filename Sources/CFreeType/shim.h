#ifndef FLIPCLOCK_CFREETYPE_SHIM_H
#define FLIPCLOCK_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
// The OS/2 table: a font without a capital H still says its cap height there.
#include FT_TRUETYPE_TABLES_H

// FT_LOAD_TARGET_LIGHT is a function-like macro that Swift cannot import.
// Light hinting snaps only vertically: right for large display digits.
static inline FT_Int32 flipclock_ft_load_target_light(void) { return FT_LOAD_TARGET_LIGHT; }

// FT_Error_String is only non-NULL when FreeType was built with error strings; keep the
// fallback in Swift, but the call itself is plain.
#endif
