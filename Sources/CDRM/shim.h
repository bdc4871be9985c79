#ifndef FLIPCLOCK_CDRM_SHIM_H
#define FLIPCLOCK_CDRM_SHIM_H
#include <stdint.h>
#include <string.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>

// DRM_FORMAT_XRGB8888 and DRM_MODE_PAGE_FLIP_EVENT are macros Swift cannot import.
static inline uint32_t flipclock_drm_format_xrgb8888(void) { return DRM_FORMAT_XRGB8888; }
static inline uint32_t flipclock_drm_page_flip_event(void) { return DRM_MODE_PAGE_FLIP_EVENT; }

// The dumb-buffer ioctls: their request numbers are macros and their argument structs are
// filled in and read back, so each is one small function here.
static inline int flipclock_drm_create_dumb(int fd, uint32_t width, uint32_t height, uint32_t *handle, uint32_t *pitch, uint64_t *size) {
    struct drm_mode_create_dumb create;
    memset(&create, 0, sizeof create);
    create.width = width;
    create.height = height;
    create.bpp = 32;
    int r = drmIoctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &create);
    if (r == 0) { *handle = create.handle; *pitch = create.pitch; *size = create.size; }
    return r;
}

static inline int flipclock_drm_map_dumb(int fd, uint32_t handle, uint64_t *offset) {
    struct drm_mode_map_dumb map;
    memset(&map, 0, sizeof map);
    map.handle = handle;
    int r = drmIoctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &map);
    if (r == 0) *offset = map.offset;
    return r;
}

static inline int flipclock_drm_destroy_dumb(int fd, uint32_t handle) {
    struct drm_mode_destroy_dumb destroy;
    memset(&destroy, 0, sizeof destroy);
    destroy.handle = handle;
    return drmIoctl(fd, DRM_IOCTL_MODE_DESTROY_DUMB, &destroy);
}
#endif
