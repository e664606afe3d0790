import GalleryCore

/// The pixels of a frame a comparison leaves out: under it the actual frame takes the baseline's
/// pixels before pixelmatch runs (nothing is painted over in the rendering itself), and the diff
/// image is hatched, so a reviewer sees what was not compared.
public struct IgnoreMask: Sendable, Equatable {
    public let width: Int
    public let height: Int
    private var ignored: [Bool]
    /// How many pixels are left out.
    public private(set) var count = 0

    public init(width: Int, height: Int, shapes: [IgnoreShape]) {
        (self.width, self.height) = (max(0, width), max(0, height))
        ignored = [Bool](repeating: false, count: self.width * self.height)
        for shape in shapes {
            switch shape {
            case .rect(let x0, let y0, let x1, let y1): addRect(x0, y0, x1, y1)
            case .quad(let corners, let margin): addQuad(corners, margin: margin)
            }
        }
    }

    public func contains(x: Int, y: Int) -> Bool { ignored[y * width + x] }

    /// Marks the pixels whose squares `[x, x+1) × [y, y+1)` overlap the rectangle, clipped to the frame.
    private mutating func addRect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        guard x1 > x0, y1 > y0, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        let xs = clamp(x0.rounded(.down), width)..<clamp(x1.rounded(.up), width)
        let ys = clamp(y0.rounded(.down), height)..<clamp(y1.rounded(.up), height)
        for y in ys { for x in xs { mark(x, y) } }
    }

    /// Marks the pixels whose squares overlap the quad grown by `margin`: for every edge, the pixel's
    /// centre lies less than `margin` plus the square's half-extent along the edge's normal outside
    /// it (a square with an edge on the quad's only touches it). Exact for axis-aligned quads; at a
    /// slanted quad's corners it may take a pixel more.
    private mutating func addQuad(_ corners: [SIMD2<Double>], margin: Double) {
        guard corners.count >= 3, corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
        let centroid = corners.reduce(SIMD2<Double>(0, 0), +) / Double(corners.count)
        var edges: [(a: SIMD2<Double>, normal: SIMD2<Double>, reach: Double)] = []
        for (a, b) in zip(corners, corners.dropFirst() + [corners[0]]) {
            let d = b - a, length = (d * d).sum().squareRoot()
            guard length > 0 else { continue }
            var normal = SIMD2(d.y, -d.x) / length
            if ((centroid - a) * normal).sum() > 0 { normal = -normal }  // outward
            edges.append((a, normal, max(0, margin) + 0.5 * (abs(normal.x) + abs(normal.y))))
        }
        guard !edges.isEmpty else { return }
        let grow = max(0, margin) + 1
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let columns = clamp((xs.min() ?? 0) - grow, width)..<clamp((xs.max() ?? 0) + grow + 1, width)
        let rows = clamp((ys.min() ?? 0) - grow, height)..<clamp((ys.max() ?? 0) + grow + 1, height)
        for y in rows {
            for x in columns {
                let centre = SIMD2(Double(x) + 0.5, Double(y) + 0.5)
                if edges.allSatisfy({ (($0.normal * (centre - $0.a)).sum()) < $0.reach }) { mark(x, y) }
            }
        }
    }

    private mutating func mark(_ x: Int, _ y: Int) {
        let index = y * width + x
        if !ignored[index] {
            ignored[index] = true
            count += 1
        }
    }

    private func clamp(_ value: Double, _ limit: Int) -> Int {
        value.isNaN ? 0 : Int(min(max(value.rounded(.down), 0), Double(limit)))
    }

    /// `actual` with the baseline's pixels under the mask: those pixels then match.
    public func blank(_ actual: inout RGBAImage, from expected: RGBAImage) {
        guard actual.width == width, actual.height == height, expected.width == width, expected.height == height
        else { return }
        for index in ignored.indices where ignored[index] {
            for channel in 0..<4 { actual.pixels[index * 4 + channel] = expected.pixels[index * 4 + channel] }
        }
    }

    /// Hatches the ignored pixels of a diff image: blue stripes at 45°, 2 px in every 6.
    public func hatch(_ diff: inout RGBAImage) {
        guard diff.width == width, diff.height == height else { return }
        for y in 0..<height {
            for x in 0..<width where ignored[y * width + x] {
                let stripe: [UInt8] = (x + y) % 6 < 2 ? [64, 112, 220, 255] : [214, 222, 240, 255]
                for channel in 0..<4 { diff.pixels[(y * width + x) * 4 + channel] = stripe[channel] }
            }
        }
    }
}
