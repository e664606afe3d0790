/// The image formats gallery-render reads, recognised by their magic bytes — never by file name.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png
    case jpeg
    /// HEIF with HEVC (HEIC), as iPhones write it.
    case heif
    /// HEIF with AV1.
    case avif
    case webp

    /// HEIF brands (ISO/IEC 23008-12) of HEVC images and image collections.
    private static let heifBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]
    private static let avifBrands: Set<String> = ["avif", "avis"]

    /// The format whose signature starts `bytes`, or nil.
    public init?<Bytes: Collection>(sniffing bytes: Bytes) where Bytes.Element == UInt8 {
        let head = Array(bytes.prefix(64))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF {
            self = .jpeg
        } else if head.count >= 12, head[0..<4].elementsEqual(Array("RIFF".utf8)),
            head[8..<12].elementsEqual(Array("WEBP".utf8))
        {
            self = .webp
        } else if let brands = Self.fileTypeBrands(head) {
            // A file that is both (mif1 with avif among its brands) is AVIF when its major brand is not
            // an HEVC one.
            if !Self.avifBrands.isDisjoint(with: brands), !Self.heifBrands.contains(brands[0]) || brands[0] == "mif1" {
                self = .avif
            } else if !Self.heifBrands.isDisjoint(with: brands) {
                self = .heif
            } else {
                return nil
            }
        } else {
            return nil
        }
    }

    /// The major and compatible brands of an ISO BMFF `ftyp` box at the start of `head`.
    private static func fileTypeBrands(_ head: [UInt8]) -> [String]? {
        guard head.count >= 16, head[4..<8].elementsEqual(Array("ftyp".utf8)) else { return nil }
        let size = head[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard size >= 16, size <= 4096 else { return nil }
        let end = min(size, head.count)
        var brands = [brand(head, at: 8)]
        var at = 16
        while at + 4 <= end {
            brands.append(brand(head, at: at))
            at += 4
        }
        return brands
    }

    private static func brand(_ head: [UInt8], at offset: Int) -> String {
        String(decoding: head[offset..<offset + 4], as: UTF8.self)
    }

    /// The name people know the format by.
    public var displayName: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .heif: "HEIF"
        case .avif: "AVIF"
        case .webp: "WebP"
        }
    }
}
