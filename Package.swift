// swift-tools-version:6.2
// gallery-render: renders an iOS photo carousel or round-photo grid at a scroll position to a PNG.
//
// Modules, bottom to top: GalleryCore (images as values, files) → C shims (CPNG, CJPEG, CWebP, CHEIF, CColor;
// CCPU, their SIMD level) →
// ImageCodecs (decoders, encoders, colour management);
// Raster (its SIMD loops in CRaster); GalleryLayout (pure geometry, no pixels) → RenderPipeline,
// VisualDiff (pixelmatch; its loops in CPixelmatch) → SnapshotCheck (baselines, record modes, reports)
// → GalleryRender (the library product Swift callers use) → GalleryCLI → the `gallery-render` executable.
import Foundation
import PackageDescription

/// The declared version, from the VERSION file: the one place it is written (CBuildInfo).
let declaredVersion =
    (try? String(
        contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("VERSION"),
        encoding: .utf8))?
    .trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown"

let package = Package(
    name: "gallery-render",
    products: [
        .executable(name: "gallery-render", targets: ["gallery-render"]),
        .library(name: "GalleryLayout", targets: ["GalleryLayout"]),
        .library(name: "GalleryRender", targets: ["GalleryRender"]),
    ],
    targets: [
        // The SIMD level every C kernel takes and the floating-point rule they follow (gr_cpu.h).
        .target(name: "CCPU"),
        .target(
            name: "CPNG", dependencies: ["CCPU"],
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("deflate"), .linkedLibrary("isal")]),
        .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        .target(
            name: "CWebP", dependencies: ["CCPU"],
            linkerSettings: [.linkedLibrary("webpmux"), .linkedLibrary("webpdemux"), .linkedLibrary("webp")]),
        // libavcodec, CHEIF's HEVC decoder, is opened on first use (hevc_libavcodec.c), not linked.
        .target(name: "CHEIF", dependencies: ["CCPU"], linkerSettings: [.linkedLibrary("heif")]),
        .target(name: "CColor", dependencies: ["CCPU"], linkerSettings: [.linkedLibrary("lcms2")]),
        .target(name: "CProcess"),
        .target(name: "CBuildInfo", cSettings: [.define("GR_DECLARED_VERSION", to: "\"\(declaredVersion)\"")]),
        .target(name: "GalleryCore", dependencies: ["CProcess"]),
        .target(name: "ImageCodecs", dependencies: ["GalleryCore", "CPNG", "CJPEG", "CWebP", "CHEIF", "CColor"]),
        .target(name: "CRaster", dependencies: ["CCPU"]),
        .target(name: "Raster", dependencies: ["GalleryCore", "CRaster", "CCPU"]),
        // CCPU for gr_math.h: the fling curves' exp and log give the same bits on every CPU.
        .target(name: "GalleryLayout", dependencies: ["CCPU"]),
        .target(name: "RenderPipeline", dependencies: ["GalleryCore", "ImageCodecs", "Raster", "GalleryLayout"]),
        .target(name: "CPixelmatch", dependencies: ["CCPU"]),
        .target(name: "VisualDiff", dependencies: ["GalleryCore", "ImageCodecs", "CPixelmatch"]),
        .target(name: "SnapshotCheck", dependencies: ["GalleryCore", "ImageCodecs", "VisualDiff"]),
        .target(
            name: "GalleryRender",
            dependencies: ["GalleryCore", "GalleryLayout", "ImageCodecs", "Raster", "RenderPipeline", "VisualDiff"]),
        .target(
            name: "GalleryCLI",
            dependencies: [
                "GalleryCore", "RenderPipeline", "GalleryLayout", "ImageCodecs", "VisualDiff", "SnapshotCheck",
                "GalleryRender", "CBuildInfo", "CCPU",
            ]),
        .executableTarget(name: "gallery-render", dependencies: ["GalleryCLI"]),

        .target(
            name: "TestSupport", dependencies: ["GalleryCore", "ImageCodecs", "VisualDiff", "CJPEG"],
            path: "Tests/TestSupport"),
        .testTarget(
            name: "ImageCodecsTests", dependencies: ["GalleryCore", "ImageCodecs", "CPNG", "CHEIF", "TestSupport"],
            exclude: ["Golden"]),
        .testTarget(name: "GalleryCoreTests", dependencies: ["GalleryCore", "ImageCodecs", "TestSupport"]),
        .testTarget(name: "RasterTests", dependencies: ["GalleryCore", "Raster", "CCPU", "TestSupport"]),
        .testTarget(name: "GalleryLayoutTests", dependencies: ["GalleryLayout"]),
        .testTarget(
            name: "RenderPipelineTests", dependencies: ["GalleryCore", "RenderPipeline", "TestSupport"],
            exclude: ["Golden"]),
        .testTarget(name: "SnapshotCheckTests", dependencies: ["SnapshotCheck"]),
        .testTarget(
            name: "VisualDiffTests", dependencies: ["GalleryCore", "VisualDiff", "CPixelmatch", "TestSupport"]),
        .testTarget(name: "GalleryRenderTests", dependencies: ["GalleryRender", "ImageCodecs", "TestSupport"]),
        .testTarget(
            name: "GalleryCLITests", dependencies: ["gallery-render", "GalleryCLI", "GalleryCore", "TestSupport"]),
    ]
)

// libFuzzer targets (Fuzz/README.md): only with GALLERY_FUZZ=1, so ordinary builds never need the
// fuzzer runtime. `make fuzz` builds them with --sanitize fuzzer --sanitize address.
if ProcessInfo.processInfo.environment["GALLERY_FUZZ"] == "1" {
    package.targets += [
        .executableTarget(
            name: "fuzz-png", dependencies: ["GalleryCore", "ImageCodecs", "CPNG"], path: "Fuzz/Targets/fuzz-png"),
        .executableTarget(
            name: "fuzz-apng", dependencies: ["GalleryCore", "ImageCodecs"], path: "Fuzz/Targets/fuzz-apng"),
        .executableTarget(
            name: "fuzz-jpeg", dependencies: ["GalleryCore", "ImageCodecs"], path: "Fuzz/Targets/fuzz-jpeg"),
        .executableTarget(
            name: "fuzz-render", dependencies: ["GalleryCore", "ImageCodecs", "Raster"],
            path: "Fuzz/Targets/fuzz-render"),
        .executableTarget(
            name: "fuzz-heif", dependencies: ["GalleryCore", "ImageCodecs"], path: "Fuzz/Targets/fuzz-heif"),
        .executableTarget(
            name: "fuzz-webp", dependencies: ["GalleryCore", "ImageCodecs"], path: "Fuzz/Targets/fuzz-webp"),
        .executableTarget(
            name: "fuzz-icc", dependencies: ["GalleryCore", "ImageCodecs"], path: "Fuzz/Targets/fuzz-icc"),
        .executableTarget(name: "fuzz-manifest", dependencies: ["GalleryCLI"], path: "Fuzz/Targets/fuzz-manifest"),
        .executableTarget(name: "fuzz-options", dependencies: ["GalleryCLI"], path: "Fuzz/Targets/fuzz-options"),
    ]
}
