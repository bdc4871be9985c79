// The horn relay's line through libgpiod, whichever API the build machine's libgpiod-dev has:
// 1.6's (Debian 12: chips and lines, gpiod_line_request_output_flags) or 2's (Debian 13 and
// Raspberry Pi OS trixie: line settings, configs and requests). One set of functions for both,
// chosen when this header is compiled: 1.6's gpiod.h defines GPIOD_BIT, 2's does not.
// Each returns -1 or NULL with errno set, as libgpiod does.
#include <gpiod.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#ifdef GPIOD_BIT
#define FLIPCLOCK_GPIOD_API 1
#else
#define FLIPCLOCK_GPIOD_API 2
#include <dirent.h>
#endif

/// 1 or 2: the libgpiod API this build uses.
static inline int flipclock_gpiod_api(void) { return FLIPCLOCK_GPIOD_API; }

/// The chip at `path` (`/dev/gpiochip0`).
static inline struct gpiod_chip *flipclock_gpiod_open(const char *path) { return gpiod_chip_open(path); }

/// The chip's label (`pinctrl-bcm2711`) into `out`, and its number of lines; -1 on failure.
static inline int flipclock_gpiod_info(struct gpiod_chip *chip, char *out, size_t size, unsigned int *lines) {
#if FLIPCLOCK_GPIOD_API == 1
    snprintf(out, size, "%s", gpiod_chip_label(chip));
    *lines = gpiod_chip_num_lines(chip);
    return 0;
#else
    struct gpiod_chip_info *info = gpiod_chip_get_info(chip);
    if (!info) return -1;
    snprintf(out, size, "%s", gpiod_chip_info_get_label(info));
    *lines = (unsigned int)gpiod_chip_info_get_num_lines(info);
    gpiod_chip_info_free(info);
    return 0;
#endif
}

/// The chip's device name under /dev (`gpiochip0`).
static inline const char *flipclock_gpiod_name(struct gpiod_chip *chip) {
#if FLIPCLOCK_GPIOD_API == 1
    return gpiod_chip_name(chip);
#else
    const char *path = gpiod_chip_get_path(chip);
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
#endif
}

/// The first /dev/gpiochip* labelled `label`; ENOENT if none is.
static inline struct gpiod_chip *flipclock_gpiod_open_by_label(const char *label) {
#if FLIPCLOCK_GPIOD_API == 1
    return gpiod_chip_open_by_label(label);
#else
    DIR *dev = opendir("/dev");
    if (!dev) return NULL;
    struct dirent *entry;
    char path[300], found[256];
    unsigned int lines;
    while ((entry = readdir(dev))) {
        if (strncmp(entry->d_name, "gpiochip", 8) != 0) continue;
        snprintf(path, sizeof path, "/dev/%s", entry->d_name);
        struct gpiod_chip *chip = gpiod_chip_open(path);
        if (!chip) continue;
        if (flipclock_gpiod_info(chip, found, sizeof found, &lines) == 0 && strcmp(found, label) == 0) {
            closedir(dev);
            return chip;
        }
        gpiod_chip_close(chip);
    }
    closedir(dev);
    errno = ENOENT;
    return NULL;
#endif
}

/// The offset of the line named `name`; -1 (ENOENT) if the chip has none.
static inline int flipclock_gpiod_find(struct gpiod_chip *chip, const char *name) {
#if FLIPCLOCK_GPIOD_API == 1
    struct gpiod_line *line = gpiod_chip_find_line(chip, name);
    return line ? (int)gpiod_line_offset(line) : -1;
#else
    return gpiod_chip_get_line_offset_from_name(chip, name);
#endif
}

/// Requests line `offset` as an output, inactive, as `consumer`; `active_low` makes "active" the
/// low level. The request (1.6: the line; 2: a gpiod_line_request), or NULL.
static inline void *flipclock_gpiod_request_output(struct gpiod_chip *chip, unsigned int offset, const char *consumer, bool active_low) {
#if FLIPCLOCK_GPIOD_API == 1
    struct gpiod_line *line = gpiod_chip_get_line(chip, offset);
    if (!line) return NULL;
    int flags = active_low ? GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW : 0;
    return gpiod_line_request_output_flags(line, consumer, flags, 0) == 0 ? line : NULL;
#else
    struct gpiod_line_request *request = NULL;
    struct gpiod_line_settings *settings = gpiod_line_settings_new();
    struct gpiod_line_config *lines = gpiod_line_config_new();
    struct gpiod_request_config *config = gpiod_request_config_new();
    if (settings && lines && config && gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_OUTPUT) == 0 &&
        gpiod_line_settings_set_output_value(settings, GPIOD_LINE_VALUE_INACTIVE) == 0 &&
        (gpiod_line_settings_set_active_low(settings, active_low), gpiod_line_config_add_line_settings(lines, &offset, 1, settings) == 0)) {
        gpiod_request_config_set_consumer(config, consumer);
        request = gpiod_chip_request_lines(chip, config, lines);
    }
    int saved = errno;
    gpiod_request_config_free(config);
    gpiod_line_config_free(lines);
    gpiod_line_settings_free(settings);
    errno = saved;
    return request;
#endif
}

/// Sets the requested line active (1) or inactive (0).
static inline int flipclock_gpiod_set(void *request, unsigned int offset, int active) {
#if FLIPCLOCK_GPIOD_API == 1
    (void)offset;
    return gpiod_line_set_value((struct gpiod_line *)request, active);
#else
    return gpiod_line_request_set_value((struct gpiod_line_request *)request, offset,
                                        active ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE);
#endif
}

/// Lets the request and the chip go (the line keeps its level).
static inline void flipclock_gpiod_close(struct gpiod_chip *chip, void *request) {
#if FLIPCLOCK_GPIOD_API == 1
    (void)request;  // gpiod_chip_close releases the chip's requested lines
#else
    if (request) gpiod_line_request_release((struct gpiod_line_request *)request);
#endif
    gpiod_chip_close(chip);
}
