/// The image formats gallery-render reads, recognised by their magic bytes — never by file name.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png
    case jpeg

    /// The format whose signature starts `bytes`, or nil.
    public init?<Bytes: Collection>(sniffing bytes: Bytes) where Bytes.Element == UInt8 {
        let head = Array(bytes.prefix(8))
        if head == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] {
            self = .png
        } else if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF {
            self = .jpeg
        } else {
            return nil
        }
    }
}
