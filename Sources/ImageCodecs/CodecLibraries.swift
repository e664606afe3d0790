import CColor
import CHEIF
import CJPEG
import CPNG
import CWebP

/// The C libraries the codecs are built on, for `gallery-render --version --verbose`.
public enum CodecLibraries {
    /// Each library's name and version ("libpng 1.6.39"), as the shims report them.
    public static var versions: [String] {
        let shims: [(UnsafeMutablePointer<CChar>?, Int) -> Void] = [
            gr_png_library_versions, gr_jpeg_library_versions, gr_webp_library_versions, gr_heif_library_versions,
            gr_color_library_versions,
        ]
        return shims.flatMap { shim in
            var buffer = [CChar](repeating: 0, count: 512)
            buffer.withUnsafeMutableBufferPointer { shim($0.baseAddress, $0.count) }
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return text.split(separator: "\n").map(String.init)
        }
    }
}
