/* Tests/System/SystemBoot/cp2112: a Silicon Labs CP2112 (USB HID to SMBus bridge with 8 GPIO pins)
 * played through uhid in the boot test's guest, so the kernel's own driver (hid-cp2112) makes
 * a real GPIO chip of it, labelled "cp2112_gpio": Debian's kernels have neither gpio-sim nor
 * gpio-mockup. The guest has no compiler; the run script builds this statically on the host.
 *
 *   cp2112
 *
 * Answers the driver's feature reports (version, SMBus and GPIO configuration, GPIO levels)
 * and prints a line for each level the driver sets, what a relay on the pins would see:
 *
 *   gpio LEVELS OUTPUTS MONOTONIC_SECONDS
 *
 * (LEVELS and OUTPUTS as two hex bytes, bit N for pin N). SMBus transfers are refused (no
 * device answers). Runs until killed, which unplugs the chip; exits 1 with the reason on
 * stderr if uhid fails. */
#include <errno.h>
#include <fcntl.h>
#include <linux/uhid.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { GPIO_CONFIG = 0x02, GPIO_GET = 0x03, GPIO_SET = 0x04, VERSION = 0x05, SMBUS_CONFIG = 0x06,
       STATUS_REQUEST = 0x15, STATUS_RESPONSE = 0x16, LOCK_BYTE = 0x20 };

/* A vendor-defined collection with the reports the driver uses: features 0x02-0x06 and
 * 0x20-0x24, outputs 0x10-0x17 and inputs 0x13 and 0x16, each of up to 63 bytes. */
static const unsigned char descriptor[] = {
    0x06, 0x00, 0xff, 0x09, 0x01, 0xa1, 0x01, 0x75, 0x08, 0x15, 0x00, 0x26, 0xff, 0x00,
#define FEATURE(id) 0x85, id, 0x95, 63, 0x09, 0x01, 0xb1, 0x02
#define OUTPUT(id) 0x85, id, 0x95, 63, 0x09, 0x01, 0x91, 0x02
#define INPUT(id) 0x85, id, 0x95, 63, 0x09, 0x01, 0x81, 0x02
    FEATURE(0x02), FEATURE(0x03), FEATURE(0x04), FEATURE(0x05), FEATURE(0x06),
    FEATURE(0x20), FEATURE(0x21), FEATURE(0x22), FEATURE(0x23), FEATURE(0x24),
    OUTPUT(0x10), OUTPUT(0x11), OUTPUT(0x12), OUTPUT(0x14), OUTPUT(0x15), OUTPUT(0x17),
    INPUT(0x13), INPUT(0x16),
    0xc0,
};

static unsigned char levels = 0xff, outputs = 0x00, push_pull = 0x00;

static int send(int fd, struct uhid_event *e) {
    return write(fd, e, sizeof *e) == sizeof *e ? 0 : -1;
}

static void say_levels(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    printf("gpio %02x %02x %ld.%06ld\n", levels, outputs, (long)t.tv_sec, t.tv_nsec / 1000);
    fflush(stdout);
}

static int fail(const char *what) {
    fprintf(stderr, "cp2112: %s: %s\n", what, strerror(errno));
    return 1;
}

int main(void) {
    int fd = open("/dev/uhid", O_RDWR | O_CLOEXEC);
    if (fd < 0) return fail("open /dev/uhid");
    struct uhid_event e;
    memset(&e, 0, sizeof e);
    e.type = UHID_CREATE2;
    strcpy((char *)e.u.create2.name, "flipclock test CP2112");
    e.u.create2.bus = BUS_USB;
    e.u.create2.vendor = 0x10c4;
    e.u.create2.product = 0xea90;
    e.u.create2.rd_size = sizeof descriptor;
    memcpy(e.u.create2.rd_data, descriptor, sizeof descriptor);
    if (send(fd, &e) < 0) return fail("UHID_CREATE2");
    for (;;) {
        struct uhid_event in;
        ssize_t n = read(fd, &in, sizeof in);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return fail("read /dev/uhid");
        struct uhid_event out;
        memset(&out, 0, sizeof out);
        if (in.type == UHID_GET_REPORT) {
            unsigned char *d = out.u.get_report_reply.data;
            unsigned short size = 0;
            d[0] = in.u.get_report.rnum;
            switch (in.u.get_report.rnum) {
            case VERSION: d[1] = 0x0c; d[2] = 0x02; size = 3; break;  /* part number, version */
            case SMBUS_CONFIG:  /* 100 kHz, address 0x02, no timeouts or retries */
                d[1] = 0x00; d[2] = 0x01; d[3] = 0x86; d[4] = 0xa0; d[5] = 0x02; size = 14; break;
            case GPIO_CONFIG: d[1] = outputs; d[2] = push_pull; size = 5; break;
            case GPIO_GET: d[1] = levels; size = 2; break;
            case LOCK_BYTE: d[1] = 0x00; size = 2; break;
            }
            out.type = UHID_GET_REPORT_REPLY;
            out.u.get_report_reply.id = in.u.get_report.id;
            out.u.get_report_reply.err = size ? 0 : EIO;
            out.u.get_report_reply.size = size;
            if (send(fd, &out) < 0) return fail("UHID_GET_REPORT_REPLY");
        } else if (in.type == UHID_SET_REPORT) {
            const unsigned char *d = in.u.set_report.data;
            if (in.u.set_report.rnum == GPIO_CONFIG && in.u.set_report.size >= 3) {
                outputs = d[1];
                push_pull = d[2];
            } else if (in.u.set_report.rnum == GPIO_SET && in.u.set_report.size >= 3) {
                levels = (levels & ~d[2]) | (d[1] & d[2]);
                say_levels();
            }
            out.type = UHID_SET_REPORT_REPLY;
            out.u.set_report_reply.id = in.u.set_report.id;
            if (send(fd, &out) < 0) return fail("UHID_SET_REPORT_REPLY");
        } else if (in.type == UHID_OUTPUT && in.u.output.data[0] == STATUS_REQUEST) {
            /* An SMBus transfer's status: failed, no device acknowledged. */
            out.type = UHID_INPUT2;
            out.u.input2.size = 7;
            out.u.input2.data[0] = STATUS_RESPONSE;
            out.u.input2.data[1] = 0x03;
            if (send(fd, &out) < 0) return fail("UHID_INPUT2");
        }
    }
}
