import GalleryCore
import ImageCodecs

/// A reader for binary PPM (P6, maxval 255), the format of libjpeg-turbo's reference images, and
/// PAM with alpha (P7, RGB_ALPHA, maxval 255), what libwebp's `dwebp -pam` writes.
public enum PPM {
    public struct FormatError: Error {}

    public static func parse(_ bytes: [UInt8]) throws -> RGBAImage {
        var position = 0
        func token() throws -> Int {
            while position < bytes.count, bytes[position] == 0x23 || bytes[position] <= 0x20 {
                if bytes[position] == 0x23 { while position < bytes.count, bytes[position] != 0x0A { position += 1 } }
                position += 1
            }
            var value = 0
            var digits = 0
            while position < bytes.count, (0x30...0x39).contains(bytes[position]) {
                value = value * 10 + Int(bytes[position] - 0x30)
                position += 1
                digits += 1
            }
            guard digits > 0 else { throw FormatError() }
            return value
        }
        guard bytes.count > 2, bytes[0] == 0x50, bytes[1] == 0x36 else { throw FormatError() }
        position = 2
        let width = try token(), height = try token(), maxValue = try token()
        position += 1
        guard maxValue == 255, bytes.count - position >= width * height * 3 else { throw FormatError() }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<width * height {
            pixels[i * 4] = bytes[position + i * 3]
            pixels[i * 4 + 1] = bytes[position + i * 3 + 1]
            pixels[i * 4 + 2] = bytes[position + i * 3 + 2]
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// A P7 file of four 8-bit samples a pixel (`TUPLTYPE RGB_ALPHA`), as stored: not premultiplied.
    public static func parsePAM(_ bytes: [UInt8]) throws -> RGBAImage {
        guard let end = bytes.firstRange(of: Array("ENDHDR\n".utf8)) else { throw FormatError() }
        var fields: [String: String] = [:]
        let header = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).split(separator: "\n")
        guard header.first == "P7" else { throw FormatError() }
        for line in header.dropFirst() {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        guard let width = fields["WIDTH"].flatMap({ Int($0) }), let height = fields["HEIGHT"].flatMap({ Int($0) }),
            fields["DEPTH"] == "4", fields["MAXVAL"] == "255", fields["TUPLTYPE"] == "RGB_ALPHA",
            bytes.count - end.upperBound == width * height * 4
        else { throw FormatError() }
        return RGBAImage(width: width, height: height, pixels: Array(bytes[end.upperBound...]))
    }
}
