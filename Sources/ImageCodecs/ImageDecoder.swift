import Foundation

/// Decodes PNG and JPEG photos, choosing the codec by magic bytes.
public enum ImageDecoder {
    /// Decodes `bytes`, whatever they hold: the result is upright pixels or a typed error.
    public static func decode(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) throws(DecodeError)
        -> DecodedImage
    {
        guard !bytes.isEmpty else { throw .empty }
        switch ImageFormat(sniffing: bytes) {
        case .png: return try PNGDecoder.decode(bytes, options: options)
        case .jpeg: return try JPEGDecoder.decode(bytes, options: options)
        case nil: throw .unrecognizedFormat
        }
    }

    /// Reads and decodes the file at `path`.
    public static func decodeFile(atPath path: String, options: DecodeOptions = DecodeOptions()) throws(DecodeError)
        -> DecodedImage
    {
        try decode(readBytes(atPath: path), options: options)
    }

    /// The bytes of a file, or `.unreadable` naming the system's reason.
    public static func readBytes(atPath path: String) throws(DecodeError) -> [UInt8] {
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe))
        } catch let error as CocoaError {
            let underlying = (error.userInfo[NSUnderlyingErrorKey] as? NSError)?.localizedDescription
            throw .unreadable(reason: underlying ?? error.localizedDescription)
        } catch {
            throw .unreadable(reason: "\(error)")
        }
    }
}
