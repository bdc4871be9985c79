/// Messages from the broker waiting to be handled, oldest first: at most ``limit``. One more
/// pushes out the oldest, so what a sender said last is what the clock does; those pushed out
/// are counted until told (``takeDropped()``).
struct WaitingMessages {
    struct Message: Equatable {
        var topic: String
        var payload: [UInt8]
        var retained = false
    }

    let limit: Int
    private var messages: [Message] = []
    private var first = 0
    private var dropped = 0
    private var droppedTopic = ""

    init(limit: Int) {
        self.limit = limit
    }

    var count: Int { messages.count - first }
    var isFull: Bool { count >= limit }

    /// Adds `message`, pushing out the oldest if ``limit`` wait; whether none waited before
    /// (so whoever handles them is to be told).
    mutating func add(_ message: Message) -> Bool {
        let wasEmpty = count == 0
        if isFull {
            dropped += 1
            droppedTopic = messages[first].topic
            first += 1
            compact()
        }
        messages.append(message)
        return wasEmpty
    }

    /// The oldest message, taken; `nil` if none waits.
    mutating func next() -> Message? {
        guard first < messages.count else { return nil }
        let message = messages[first]
        first += 1
        compact()
        return message
    }

    /// Forgets the messages taken or pushed out once they are as many as may wait: the storage
    /// stays under twice ``limit``, and each is moved at most once.
    private mutating func compact() {
        guard first == messages.count || first >= limit else { return }
        messages.removeFirst(first)
        first = 0
    }

    /// How many were pushed out since last asked, and the topic of the last of them.
    mutating func takeDropped() -> (count: Int, topic: String)? {
        guard dropped > 0 else { return nil }
        defer { dropped = 0 }
        return (dropped, droppedTopic)
    }
}
