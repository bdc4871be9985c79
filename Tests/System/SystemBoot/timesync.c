// timesync: the boot test's stand-in for an NTP daemon, on the kernel's side only (the guest
// has no network and no compiler; built on the host and carried on the package disk).
//   timesync sync     the clock synchronised: STA_UNSYNC cleared, maxerror 10 ms, as chrony
//                     or systemd-timesyncd leave it (adjtimex, which needs CAP_SYS_TIME)
//   timesync unsync   not synchronised: STA_UNSYNC set, maxerror 16 s, as a step of the clock
//                     (`date -s`) or a boot leaves it
//   timesync          the kernel's status bits and maxerror, unchanged
// Each prints "status 0x… maxerror N" as read back after the change.
#include <stdio.h>
#include <string.h>
#include <sys/timex.h>

int main(int argc, char **argv) {
    struct timex t;
    memset(&t, 0, sizeof t);
    if (argc > 1 && strcmp(argv[1], "sync") == 0) {
        t.modes = ADJ_STATUS | ADJ_MAXERROR | ADJ_ESTERROR;
        t.status = 0;
        t.maxerror = 10000;
        t.esterror = 1000;
    } else if (argc > 1 && strcmp(argv[1], "unsync") == 0) {
        t.modes = ADJ_STATUS | ADJ_MAXERROR;
        t.status = STA_UNSYNC;
        t.maxerror = 16000000;
    } else if (argc > 1) {
        fprintf(stderr, "usage: timesync [sync|unsync]\n");
        return 2;
    }
    if (adjtimex(&t) == -1) {
        perror("adjtimex");
        return 1;
    }
    memset(&t, 0, sizeof t);
    if (adjtimex(&t) == -1) {
        perror("adjtimex");
        return 1;
    }
    printf("status 0x%x maxerror %ld\n", (unsigned)t.status, (long)t.maxerror);
    return 0;
}
