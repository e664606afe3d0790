import GalleryCore
import ImageCodecs
import Raster

/// libFuzzer entry: the whole photo path — decode whatever the bytes are, resample into a circle at a
/// sub-pixel position (taken from the first bytes), composite over a small canvas, quantise.
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
    let placement = ItemPainter.Placement(
        square: PixelRect(centerX: 40 + shift, centerY: 30 - shift, side: side), pixelsPerPoint: 1)
    var canvas = WholeCanvas(width: 96, height: 72, background: .transparent)
    let prepared = try? painter.prepare(photo: photo.image, for: placement, canvasWidth: 96, canvasHeight: 72)
    painter.paint(placement, photo: prepared, on: &canvas)
    _ = canvas.image()
    return 0
}
