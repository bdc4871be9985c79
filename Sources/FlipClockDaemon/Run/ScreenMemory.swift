import CLinux

/// How the process's allocator treats whole screens.
public enum ScreenMemory {
    /// Gives a block of 1 MiB or more (a whole screen: a message panel's canvas is 7.9 MiB at
    /// 1080p) a mapping of its own, returned when freed. Without this glibc raises the
    /// threshold once the first such block is freed, and the next stays in the heap for good
    /// (+9.4 MiB at the second message, `flipclock-bench --soak`). Called first by flipclockd
    /// and by the bench that stands for it.
    public static func giveBackWhenFreed() {
        mallopt(M_MMAP_THRESHOLD, 1 << 20)
    }
}
