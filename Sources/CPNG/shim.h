#ifndef FLIPCLOCK_CPNG_SHIM_H
#define FLIPCLOCK_CPNG_SHIM_H
#include <png.h>
#include <string.h>

// PNG_IMAGE_VERSION, PNG_FORMAT_* and PNG_IMAGE_FAILED are macros Swift cannot import.
static inline png_uint_32 flipclock_png_image_version(void) { return PNG_IMAGE_VERSION; }
static inline png_uint_32 flipclock_png_format_rgb(void) { return PNG_FORMAT_RGB; }
static inline png_uint_32 flipclock_png_format_bgra(void) { return PNG_FORMAT_BGRA; }
// The most bytes png_image_write_to_memory may need for `image`, so one pass is enough.
static inline size_t flipclock_png_size_max(png_imagep image) { return PNG_IMAGE_PNG_SIZE_MAX(*image); }
static inline int flipclock_png_image_failed(png_imagep image) { return PNG_IMAGE_FAILED(*image); }
#endif
