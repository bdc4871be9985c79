import CLinux
import Glibc
import SystemPackage

/// A thread of its own (the clock loop's, the MQTT connection's): a POSIX thread, named as
/// `top -H` and `ps -L` show it.
///
/// Foundation's `Thread` would do the same, but links all of Foundation and its ICU data
/// (some 44 MB) into the static daemon.
public enum NamedThread {
    /// Runs `body` on a new detached thread called `name` (at most 15 bytes).
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        pthread_detach(make(name: name, body))
    }

    /// Runs `body` on a new thread called `name` and waits for it to end (the bench runs the
    /// loop so, on a thread and in a malloc arena of its own, as the daemon does).
    public static func run(name: String, _ body: @escaping @Sendable () -> Void) {
        pthread_join(make(name: name, body), nil)
    }

    private static func make(name: String, _ body: @escaping @Sendable () -> Void) -> pthread_t {
        final class Body {
            let run: @Sendable () -> Void
            init(_ run: @escaping @Sendable () -> Void) { self.run = run }
        }
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { context in
                Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context)
        // pthread_create returns its error rather than setting errno.
        precondition(created == 0, "pthread_create: \(Errno(rawValue: created))")
        pthread_setname_np(thread, String(name.utf8.prefix(15))!)
        return thread
    }
}
