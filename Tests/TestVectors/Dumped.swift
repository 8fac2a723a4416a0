// Test support for the suites that check secrets stay out of `dump()` and `Mirror`.

/// What `dump(value)` prints: every child the value's mirror shows, recursively.
public func dumped(_ value: some Any) -> String {
    var text = ""
    dump(value, to: &text)
    return text
}
