import FlipClockSystem
import Glibc

/// What the process holds in memory and has spent in CPU, now: the kernel's own accounting,
/// so a soak compares like with like at its start and its end.
///
/// `private` is Private_Clean + Private_Dirty of `/proc/self/smaps_rollup`: the pages only this
/// process maps; `rss` also counts shared pages (libraries). A library page becomes private
/// when the other processes that mapped it exit, so on a busy machine `private` can rise with
/// nothing allocated: `dirty` (Private_Dirty, the heap and what was written) is what a leak grows.
struct ProcessMemory {
    var privateKiB = 0
    var dirtyKiB = 0
    var rssKiB = 0
    /// User and system CPU seconds so far (`getrusage`).
    var cpuSeconds = 0.0

    static func now() -> ProcessMemory {
        var memory = ProcessMemory()
        for line in read("/proc/self/smaps_rollup").split(separator: "\n") {
            let words = line.split(separator: " ")
            guard words.count >= 2, let kib = Int(words[1]) else { continue }
            switch words[0] {
            case "Rss:": memory.rssKiB = kib
            case "Private_Clean:": memory.privateKiB += kib
            case "Private_Dirty:":
                memory.privateKiB += kib
                memory.dirtyKiB = kib
            default: break
            }
        }
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        memory.cpuSeconds =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return memory
    }

    /// CPU seconds the whole machine has spent busy so far (`/proc/stat`: user, nice, system,
    /// irq and softirq of every CPU): the process's and the kernel's threads', such as the
    /// display driver's commit workers, which `getrusage` does not count.
    static func machineBusySeconds() -> Double {
        guard let line = read("/proc/stat").split(separator: "\n").first, line.hasPrefix("cpu ") else { return .nan }
        let ticks = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard ticks.count >= 7 else { return .nan }
        return (ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6]) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    var privateMiB: Double { Double(privateKiB) / 1024 }
    var dirtyMiB: Double { Double(dirtyKiB) / 1024 }
    var rssMiB: Double { Double(rssKiB) / 1024 }

    /// The whole of a small `/proc` file (its size is not known before reading it).
    private static func read(_ path: String) -> String {
        String(decoding: (try? readFile(path, limit: 1 << 20)) ?? nil ?? [], as: UTF8.self)
    }
}
