#ifndef FLIPCLOCK_CLINUX_SHIM_H
#define FLIPCLOCK_CLINUX_SHIM_H
#include <linux/fb.h>
#include <linux/kd.h>
#include <linux/vt.h>
#include <sys/ioctl.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/inotify.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <errno.h>
#include <unistd.h>
#include <linux/netlink.h>
#include <poll.h>
#include <signal.h>
#include <time.h>
#include <sys/prctl.h>
#include <pthread.h>

// ppoll is declared only under _GNU_SOURCE, which the Glibc module is not built with.
int ppoll(struct pollfd *fds, nfds_t nfds, const struct timespec *timeout, const sigset_t *sigmask);
// memfd_create likewise (a file in memory, handed to a child process).
int memfd_create(const char *name, unsigned int flags);
#ifndef MFD_CLOEXEC
#define MFD_CLOEXEC 0x0001U
#endif
// A process that may crash on purpose (the configuration parser's child) leaves no core.
static inline void flipclock_no_core_dump(void) { prctl(PR_SET_DUMPABLE, 0, 0, 0, 0); }
// The user at the other end of a Unix socket (SO_PEERCRED); struct ucred is declared only
// under _GNU_SOURCE. -1 if it cannot be had.
static inline long long flipclock_peer_uid(int fd) {
    struct { pid_t pid; uid_t uid; gid_t gid; } peer;
    socklen_t size = sizeof peer;
    return getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &peer, &size) == 0 ? (long long)peer.uid : -1;
}
// The kernel's view of the wall clock's synchronisation, read only (`adjtimex` with modes 0,
// which needs no privilege): its status bits (STA_UNSYNC) and its maximum error in
// microseconds. -1 with errno set if it cannot be asked.
#include <sys/timex.h>
static inline int flipclock_time_sync(int *status, long *maxerror) {
    struct timex t = {0};
    int state = adjtimex(&t);
    if (state == -1) return -1;
    *status = t.status;
    *maxerror = t.maxerror;
    return state;
}
// accept4 likewise.
struct sockaddr;
int accept4(int fd, struct sockaddr *address, unsigned int *length, int flags);
// pthread_setname_np likewise: the clock loop's thread is named as `top -H` shows it.
int pthread_setname_np(pthread_t thread, const char *name);

// The framebuffer and console ioctls: request numbers are macros Swift cannot import, and
// ioctl is variadic.
static inline int flipclock_fb_get_var(int fd, struct fb_var_screeninfo *v) { return ioctl(fd, FBIOGET_VSCREENINFO, v); }
static inline int flipclock_fb_get_fix(int fd, struct fb_fix_screeninfo *f) { return ioctl(fd, FBIOGET_FSCREENINFO, f); }
static inline int flipclock_fb_pan(int fd, struct fb_var_screeninfo *v) { return ioctl(fd, FBIOPAN_DISPLAY, v); }
// FB_BLANK_* are enum constants in <linux/fb.h>, imported, but FBIOBLANK is a macro.
static inline int flipclock_fb_blank(int fd, int off) { return ioctl(fd, FBIOBLANK, off ? FB_BLANK_POWERDOWN : FB_BLANK_UNBLANK); }
// Graphics mode on the console stops it drawing its text and cursor over the picture.
static inline int flipclock_kd_set_graphics(int fd, int graphics) { return ioctl(fd, KDSETMODE, graphics ? KD_GRAPHICS : KD_TEXT); }

// Virtual-terminal switching under the process's control: the kernel sends `release` when
// the user switches away and `acquire` when they come back, and waits for acknowledgement.
static inline int flipclock_vt_active(int fd) {
    struct vt_stat state;
    return ioctl(fd, VT_GETSTATE, &state) == 0 ? state.v_active : -1;
}
static inline int flipclock_vt_set_process_mode(int fd, int process, short release, short acquire) {
    struct vt_mode mode = {0};
    mode.mode = process ? VT_PROCESS : VT_AUTO;
    mode.relsig = process ? release : 0;
    mode.acqsig = process ? acquire : 0;
    return ioctl(fd, VT_SETMODE, &mode);
}
static inline int flipclock_vt_release(int fd) { return ioctl(fd, VT_RELDISP, 1); }
static inline int flipclock_vt_acknowledge_acquire(int fd) { return ioctl(fd, VT_RELDISP, VT_ACKACQ); }

// The kernel's device events (uevents), such as a DRM card's HOTPLUG=1 when a monitor is
// plugged in or out: a netlink socket bound to the kernel's multicast group 1. Swift cannot
// build struct sockaddr_nl through Glibc's module, which lacks linux/netlink.h.
static inline int flipclock_uevent_socket(void) {
    int fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, NETLINK_KOBJECT_UEVENT);
    if (fd < 0) return -1;
    struct sockaddr_nl address = {0};
    address.nl_family = AF_NETLINK;
    address.nl_groups = 1;
    if (bind(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}
#endif

// glibc's <malloc.h>, which the Glibc module does not import: mallopt and its threshold for
// giving a large block a mapping of its own (flipclockd sets it at start).
#include <malloc.h>
