#include <alsa/asoundlib.h>

// ALSA's library writes its own diagnostics to standard error (the journal, under systemd) at
// every failed open; the player says each failure once itself, with snd_strerror's text. Swift
// cannot make the variadic handler ALSA takes, so it is made here.
static void flipclock_alsa_silent(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

static inline void flipclock_alsa_quiet(void) { snd_lib_error_set_handler(flipclock_alsa_silent); }
