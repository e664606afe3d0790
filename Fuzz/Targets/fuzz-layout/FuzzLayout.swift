import SnapshotCheck

/// libFuzzer entry: any bytes as a baseline's `NAME.layout.json` (a pull request's file), compared
/// with a small layout both ways. It must answer with changes or nil, in bounded time and memory
/// (LayoutDiff.itemLimit, LayoutDiff.byteLimit), whatever the bytes; the message must be made.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let other = #"{"offset": 0, "items": [{"index": 0, "center": {"x": 10, "y": 20}, "size": 100}]}"#
    for (expected, actual) in [(text, other), (other, text), (text, text)] {
        if let changes = LayoutDiff.changes(expected: expected, actual: actual) {
            _ = LayoutDiff.summary(changes)
        }
    }
    return 0
}
