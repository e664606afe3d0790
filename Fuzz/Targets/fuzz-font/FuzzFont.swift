import GalleryCore
import Raster
import Typography

/// libFuzzer entry: any bytes as a `--font` file (a pull request's manifest can name one): opened by
/// FreeType and HarfBuzz, a caption shaped with it (the first bytes also as text), truncated, and
/// drawn by the coverage rasteriser below a flat item and over an item turned in 3D.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFont(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    guard let font = try? Font(bytes: bytes, path: "fuzz.otf") else { return 0 }
    let text = "Ag fi “Ωж” " + String(decoding: bytes.prefix(24), as: UTF8.self)
    let setter = LineSetter(font: font, size: 13)
    var turned = ProjectedPlacement.identityTransform
    (turned[0], turned[2], turned[3], turned[8], turned[10]) = (0.8, -0.6, 0.0012, 0.6, 0.8)
    for (room, position, transform) in [
        (120.0, CaptionStyle.Position.below, ProjectedPlacement.identityTransform), (60, .over, turned),
    ] {
        let caption = Caption(line: setter.line(text, room: room), style: CaptionStyle(position: position))
        let placement = ProjectedPlacement(
            centerX: 80, centerY: 60, width: 120, height: 80, transform: transform, pixelsPerPoint: 1)
        guard let prepared = try? CaptionPainter.prepare(
            caption, of: placement, shape: .rounded(cornerRadius: 8), canvasWidth: 160, canvasHeight: 160)
        else { continue }
        var pixels = [SIMD4<Float>](repeating: .zero, count: 160 * 160)
        pixels.withUnsafeMutableBufferPointer { pixels in
            CaptionPainter.paint(prepared, into: pixels, rows: 0..<160, canvasWidth: 160)
        }
    }
    return 0
}
