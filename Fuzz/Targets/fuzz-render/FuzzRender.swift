import GalleryCore
import ImageCodecs
import Raster

/// libFuzzer entry: the whole photo path — decode whatever the bytes are, resample into a circle (an
/// ellipse on a card of the input's length's aspect) at a sub-pixel position (taken from the first
/// bytes), its shadow under it and a backdrop blur over it (sizes from the next bytes), composite
/// over a small canvas, quantise.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRender(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    let budget = PixelBudget(maxPixels: 2_000_000, maxSide: 4096, maxScans: 100)
    let side = 8 + Double(bytes.first ?? 0) / 2, shift = Double(bytes.dropFirst().first ?? 0) / 64
    guard
        let photo = try? ImageDecoder.decode(
            bytes, options: DecodeOptions(budget: budget, targetSize: PixelSize(width: Int(side), height: Int(side))))
    else {
        return 0
    }
    let painter = ItemPainter(style: ItemStyle(borderWidth: 1.5, contentMode: ContentMode.allCases[Int(size % 3)]))
    let height = side * Double(1 + size % 7) / 4
    let placement = ItemPainter.Placement(
        rect: PixelRect(centerX: 40 + shift, centerY: 30 - shift, width: side, height: height), pixelsPerPoint: 1)
    var canvas = WholeCanvas(width: 96, height: 72, background: .transparent)
    let prepared = try? painter.prepare(photo: photo.image, for: placement, canvasWidth: 96, canvasHeight: 72)
    // The item's shadow and a backdrop blur, their sizes and offsets from the next bytes.
    let knobs = bytes.dropFirst(2).prefix(4).map(Double.init) + [0, 0, 0, 0]
    let shadow = Shadow(opacity: 0.7, radius: knobs[0], offsetX: knobs[1] - 128, offsetY: knobs[2] - 128)
    let plane = ProjectedPlacement(
        centerX: 40 + shift, centerY: 30 - shift, width: side, height: height,
        transform: ProjectedPlacement.identityTransform, pixelsPerPoint: 1)
    if let cast = try? ShadowPainter.prepare(shadow, of: plane, shape: .circle, canvasWidth: 96, canvasHeight: 72) {
        canvas.pixels.withUnsafeMutableBufferPointer { ShadowPainter.paint(cast, into: $0, rows: 0..<72, canvasWidth: 96) }
    }
    painter.paint(placement, photo: prepared, on: &canvas)
    let backdrop = Backdrop(
        fraction: knobs[3] / 255, rect: PixelRect(x: knobs[1] - 64, y: knobs[2] - 64, width: 80, height: 60),
        pixelsPerPoint: 2)
    canvas.pixels.withUnsafeMutableBufferPointer { backdrop.apply(to: $0, width: 96, height: 72, jobs: 1) }
    _ = canvas.image()
    return 0
}
