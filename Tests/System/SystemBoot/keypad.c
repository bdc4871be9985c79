/* Tests/System/SystemBoot/keypad: a USB numeric keypad played through uinput in the boot test's guest
 * (which has no compiler or Python; the run script builds this statically on the host).
 *
 *   keypad NAME WAIT_MS HOLD_MS [CODE[:VALUE]]...
 *
 * Plugs in a keyboard named NAME with every key, waits WAIT_MS (for the daemon to take it),
 * then presses each CODE (a press and a release, each with its SYN_REPORT, 150 ms apart; with
 * :VALUE only that event, 2 being the key's auto-repeat), keeps it HOLD_MS longer and unplugs
 * it. Exits 0, or 1 with the reason on stderr. */
#include <errno.h>
#include <fcntl.h>
#include <linux/uinput.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

static void pause_ms(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&t, &t) != 0 && errno == EINTR) {}
}

static int emit(int fd, int type, int code, int value) {
    struct input_event e;
    memset(&e, 0, sizeof e);
    e.type = type;
    e.code = code;
    e.value = value;
    return write(fd, &e, sizeof e) == sizeof e ? 0 : -1;
}

static int fail(const char *what) {
    fprintf(stderr, "keypad: %s: %s\n", what, strerror(errno));
    return 1;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: keypad NAME WAIT_MS HOLD_MS [CODE[:VALUE]]...\n");
        return 2;
    }
    int fd = open("/dev/uinput", O_WRONLY | O_CLOEXEC);
    if (fd < 0) return fail("/dev/uinput");
    if (ioctl(fd, UI_SET_EVBIT, EV_KEY) < 0 || ioctl(fd, UI_SET_EVBIT, EV_SYN) < 0) return fail("UI_SET_EVBIT");
    for (int code = 1; code < 256; code++)
        if (ioctl(fd, UI_SET_KEYBIT, code) < 0) return fail("UI_SET_KEYBIT");
    struct uinput_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.id.bustype = BUS_USB;
    setup.id.vendor = 0x1209;
    setup.id.product = 0x0018;
    snprintf(setup.name, UINPUT_MAX_NAME_SIZE, "%s", argv[1]);
    if (ioctl(fd, UI_DEV_SETUP, &setup) < 0) return fail("UI_DEV_SETUP");
    if (ioctl(fd, UI_DEV_CREATE) < 0) return fail("UI_DEV_CREATE");
    pause_ms(atol(argv[2]));
    for (int k = 4; k < argc; k++) {
        char *colon = strchr(argv[k], ':');
        int code = atoi(argv[k]);
        if (colon) {
            if (emit(fd, EV_KEY, code, atoi(colon + 1)) < 0 || emit(fd, EV_SYN, SYN_REPORT, 0) < 0) return fail("write");
        } else {
            if (emit(fd, EV_KEY, code, 1) < 0 || emit(fd, EV_SYN, SYN_REPORT, 0) < 0) return fail("write");
            pause_ms(50);
            if (emit(fd, EV_KEY, code, 0) < 0 || emit(fd, EV_SYN, SYN_REPORT, 0) < 0) return fail("write");
        }
        pause_ms(150);
    }
    pause_ms(atol(argv[3]));
    ioctl(fd, UI_DEV_DESTROY);
    close(fd);
    return 0;
}
