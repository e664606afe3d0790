import GalleryCore
import Raster
import Typography

/// libFuzzer entry: any bytes as a `--font` file (a pull request's manifest can name one): opened by
/// FreeType and HarfBuzz, a caption shaped with it (the first bytes also as text, after right-to-left
/// runs and numbers), truncated, and drawn by the coverage rasteriser below a flat item and over an
/// item turned in 3D. The first 4 KiB as text also go through the bidirectional resolver, whose runs
/// must cover the text's bytes once each.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFont(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    let any = String(decoding: bytes.prefix(4096), as: UTF8.self)
    let runs = BidiRun.visual(any).map(\.bytes).sorted { $0.lowerBound < $1.lowerBound }
    precondition(zip(runs, runs.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
    precondition(runs.first?.lowerBound ?? 0 == 0 && runs.last?.upperBound ?? 0 == any.utf8.count)
    guard let font = try? Font(bytes: bytes, path: "fuzz.otf") else { return 0 }
    let text = "Ag fi “Ωж” שָׁלוֹם 1.5% مرحبا ٣ " + String(decoding: bytes.prefix(24), as: UTF8.self)
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
