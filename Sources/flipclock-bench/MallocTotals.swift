import Glibc

/// What glibc's malloc holds, from its own report (`malloc_info`): the arenas, the bytes they
/// took from the system, how many of those are free in them, and the large blocks it mapped
/// on their own.
///
/// Free bytes held in an arena are memory the process keeps with nothing in it: the figure
/// that tells the process's data from its allocator's keeping.
struct MallocTotals {
    var arenas = 0
    var systemKiB = 0
    var freeKiB = 0
    var mappedKiB = 0

    /// The corresponding C function is `malloc_info`, found with `dlsym` (RTLD_DEFAULT): the
    /// Glibc module does not import `<malloc.h>`.
    static func now() -> MallocTotals {
        typealias Info = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
        var totals = MallocTotals()
        guard let symbol = dlsym(nil, "malloc_info") else { return totals }
        var buffer: UnsafeMutablePointer<CChar>?
        var length = 0
        guard let file = open_memstream(&buffer, &length) else { return totals }
        _ = unsafeBitCast(symbol, to: Info.self)(0, file)
        fclose(file)
        defer { free(buffer) }
        guard let buffer else { return totals }
        let xml = String(cString: buffer)
        // The totals follow the last </heap>: <total type="fast|rest|mmap" count= size=/>, <system type="current" size=/>.
        let tail = xml.split(separator: "</heap>").last.map(String.init) ?? ""
        totals.arenas = xml.split(separator: "<heap nr=").count - 1
        for line in tail.split(separator: "\n") {
            let size = (line.split(separator: "size=\"").last?.split(separator: "\"").first).flatMap { Int($0) } ?? 0
            if line.contains("<total type=\"fast\"") || line.contains("<total type=\"rest\"") { totals.freeKiB += size / 1024 }
            if line.contains("<total type=\"mmap\"") { totals.mappedKiB = size / 1024 }
            if line.contains("<system type=\"current\"") { totals.systemKiB = size / 1024 }
        }
        return totals
    }
}
