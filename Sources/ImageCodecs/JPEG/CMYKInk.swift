/// CMYK ink values to RGB without a profile, as the JPEG shim converts them when no profile is to
/// be applied: each channel times the black, with Adobe's inverted storage undone.
enum CMYKInk {
    static func toRGBA(_ pixels: inout [UInt8], inverted: Bool) {
        for i in stride(from: 0, to: pixels.count - 3, by: 4) {
            let ink = (0..<4).map { inverted ? Int(pixels[i + $0]) : 255 - Int(pixels[i + $0]) }
            for c in 0..<3 { pixels[i + c] = UInt8((ink[c] * ink[3] + 127) / 255) }
            pixels[i + 3] = 255
        }
    }
}
