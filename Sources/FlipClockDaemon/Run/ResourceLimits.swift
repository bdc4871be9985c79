import Glibc

/// What the daemon needs of the process's resource limits, checked before anything is opened.
///
/// Too few file descriptors showed as a configuration error at 1:1 (the file could not be
/// read) or a crash in NIO; too little address space as a hang or SIGILL (an allocation that
/// failed). A soft limit below the need is raised as far as the hard limit allows; a hard limit
/// below it is said for what it is.
public enum ResourceLimits {
    /// Descriptors: some 25 open at rest, 64 control clients, 64 HTTP connections, MQTT, and the
    /// files a save or a reload opens, with room to spare.
    public static let descriptors: rlim_t = 256
    /// Address space: 620 MB mapped at rest (each thread's stack and malloc arena are reserved,
    /// not used), more with more cores.
    public static let addressSpace: rlim_t = 1 << 30

    /// Raises what can be raised; the problem with what cannot, to say before exiting.
    public static func check() -> String? {
        var problems: [String] = []
        if let have = raise(RLIMIT_NOFILE, to: descriptors) {
            problems.append("the open-file limit (ulimit -n, LimitNOFILE=) is \(have); flipclockd needs at least \(descriptors)")
        }
        if let have = raise(RLIMIT_AS, to: addressSpace) {
            problems.append(
                "the address-space limit (ulimit -v, LimitAS=) is \(have >> 20) MiB; flipclockd needs at least \(addressSpace >> 20) MiB")
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    /// Raises `resource`'s soft limit to `need` if it is lower and the hard limit allows;
    /// the limit it keeps if that is still below `need`, else `nil`.
    static func raise(_ resource: __rlimit_resource, to need: rlim_t) -> rlim_t? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(resource.rawValue), &limit) == 0 else { return nil }
        if limit.rlim_cur == rlim_t.max || limit.rlim_cur >= need { return nil }
        let wanted = limit.rlim_max == rlim_t.max ? need : min(need, limit.rlim_max)
        var raised = limit
        raised.rlim_cur = wanted
        if wanted > limit.rlim_cur, setrlimit(__rlimit_resource_t(resource.rawValue), &raised) == 0 { limit = raised }
        return limit.rlim_cur >= need ? nil : limit.rlim_cur
    }
}
