import Foundation
import GalleryCore
import GalleryLayout
import ImageCodecs
import Raster
import RenderPipeline
import TestSupport
import Testing

/// Rendered scenes held against golden PNGs in Golden/, made from the bundled Fixtures photos.
///
/// Record on purpose, never silently: `GALLERY_RECORD_GOLDEN=1 swift test --filter GoldenImageTests`
/// writes them and fails; look at the images before committing them.
///
/// Tolerance: every channel within 2 and at most 0.5 % of pixels differing at all. On one machine the
/// output is byte-identical; the slack absorbs a different libm `sin` (Lanczos weights) or float
/// contraction on another CPU or toolchain, which moves a few values by one. Any real change — a
/// 0.1 px shift of a circle, another filter, wrong rounding in compositing — changes whole edges by
/// far more.
@Suite struct GoldenImageTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let scene: @Sendable ([String]) -> Scene
        let offset: Double
        var testDescription: String { name }
    }

    static let fixtures: [String] = (1...20).map {
        Corpus.repositoryRoot.appendingPathComponent("Fixtures/photos/\($0).jpg").path
    }
    static let transparentPhoto: String = {
        // A photo with a transparent hole and a half-transparent band, generated, so the placeholder shows.
        var image = RGBAImage(width: 60, height: 60, fill: (30, 120, 220, 255))
        for y in 0..<60 {
            for x in 0..<60 {
                let i = (y * 60 + x) * 4
                let d = (x - 30) * (x - 30) + (y - 30) * (y - 30)
                if d < 200 { image.pixels[i + 3] = 0 } else if y > 45 { image.pixels[i + 3] = 128 }
            }
        }
        let path = NSTemporaryDirectory() + "gallery-render-golden-transparent.png"
        if let bytes = try? PNGEncoder.encode(image) {
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        }
        return path
    }()

    static func line(width: Double = 375, height: Double = 200, scale: Double = 1, style: ItemStyle = ItemStyle())
        -> @Sendable ([String]) -> Scene
    {
        { photos in
            Scene(
                gallery: Gallery(
                    style: .line(LineLayout()), viewport: Size(width: width, height: height), itemCount: 20),
                displayScale: scale, style: style, photos: photos)
        }
    }

    static let cases: [Case] = [
        Case(name: "line-offset-0", scene: line(), offset: 0),
        Case(name: "line-offset-120", scene: line(), offset: 120),
        Case(name: "line-offset-end", scene: line(), offset: 5000),
        Case(name: "line-2x", scene: line(width: 240, height: 150, scale: 2), offset: 230),
        Case(name: "line-3x", scene: line(width: 160, height: 120, scale: 3), offset: 85),
        Case(name: "line-landscape-iphone-se", scene: line(width: 568, height: 160), offset: 340),
        Case(
            name: "line-border-rounded",
            scene: line(
                style: ItemStyle(
                    shape: .rounded(cornerRadius: 12), borderWidth: 4, borderColor: Color(r: 255, g: 200, b: 0))),
            offset: 120),
        Case(
            name: "line-aspect-fit",
            scene: line(style: ItemStyle(placeholder: Color(r: 40, g: 40, b: 40), contentMode: .aspectFit)), offset: 510
        ),
        Case(
            name: "grid",
            scene: { photos in
                Scene(
                    gallery: Gallery(
                        style: .grid(GridLayout()), viewport: Size(width: 375, height: 300), itemCount: 20),
                    photos: photos)
            }, offset: 40),
        Case(
            name: "transparency",
            scene: { _ in
                Scene(
                    gallery: Gallery(style: .line(LineLayout()), viewport: Size(width: 375, height: 200), itemCount: 5),
                    style: ItemStyle(placeholder: Color(r: 255, g: 80, b: 0)), background: .transparent,
                    photos: [transparentPhoto])
            }, offset: 170),
    ]

    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Golden")

    /// Every channel within 2, at most 0.5 % of pixels differing (see above).
    static let tolerance = GoldenImage.Tolerance(channel: 2, pixels: 0.005)

    /// The frame as the command line makes it: through the batch renderer (its photo cache, decoding
    /// ahead, the PNG encoder and the atomic write), then read back from the file.
    static func render(_ testCase: Case, jobs: Int = 2) throws -> RGBAImage {
        try ImageDecoder.decode(renderedFile(testCase, jobs: jobs)).image
    }

    /// The PNG file's bytes.
    static func renderedFile(_ testCase: Case, jobs: Int) throws -> [UInt8] {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.file("\(testCase.name).png")
        let job = RenderJob(
            name: testCase.name, scene: testCase.scene(fixtures), frames: .offsets([testCase.offset]),
            output: .stills([output]))
        let report = Renderer(jobs: jobs).run([job])
        #expect(report.failedScenes.isEmpty && report.problems.isEmpty)
        return try ImageDecoder.readBytes(atPath: output)
    }

    @Test(arguments: cases)
    func matchesGolden(_ testCase: Case) throws {
        try GoldenImage.assertMatches(
            try Self.render(testCase), golden: Self.goldenFolder.appendingPathComponent("\(testCase.name).png").path,
            tolerance: Self.tolerance)
    }

    @Test func outputDoesNotDependOnTheNumberOfThreads() throws {
        #expect(try Self.renderedFile(Self.cases[1], jobs: 1) == Self.renderedFile(Self.cases[1], jobs: 8))
    }
}
