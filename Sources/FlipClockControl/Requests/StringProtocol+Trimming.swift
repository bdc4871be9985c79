extension StringProtocol {
    /// The text without the whitespace and line breaks at either end (a request line as sent
    /// with `\r\n`, or padded), what is inside kept as it is.
    public var trimmingWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
