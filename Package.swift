// swift-tools-version:6.2
// gallery-render: renders an iOS photo carousel or round-photo grid at a scroll position to a PNG.
//
// Modules, bottom to top: System* (the C libraries, through pkg-config) and GalleryCore (images as values,
// files) → C shims (CPNG, CJPEG, CWebP, CHEIF, CColor;
// CCPU, their SIMD level) →
// ImageCodecs (decoders, encoders, colour management);
// Typography (captions: CText's HarfBuzz and FreeType) → Raster (its SIMD loops in CRaster); GalleryLayout (pure geometry, no pixels) → RenderPipeline,
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

/// A C library the shims link: its module map under Sources/System, its pkg-config name, and the
/// Debian and Homebrew packages that provide it.
func system(_ name: String, pkgConfig: String, apt: String, brew: String) -> Target {
    .systemLibrary(
        name: name, path: "Sources/System/\(name)", pkgConfig: pkgConfig, providers: [.apt([apt]), .brew([brew])])
}

let package = Package(
    name: "gallery-render",
    products: [
        .executable(name: "gallery-render", targets: ["gallery-render"]),
        .library(name: "GalleryLayout", targets: ["GalleryLayout"]),
        .library(name: "GalleryRender", targets: ["GalleryRender"]),
    ],
    targets: [
        // The C libraries, found through pkg-config, with the packages that provide them (apt on Debian,
        // Homebrew on macOS); Tools/install-deps.sh installs them. Only the C shims below use them.
        system("SystemPNG", pkgConfig: "libpng16", apt: "libpng-dev", brew: "libpng"),
        system("SystemDeflate", pkgConfig: "libdeflate", apt: "libdeflate-dev", brew: "libdeflate"),
        system("SystemISAL", pkgConfig: "libisal", apt: "libisal-dev", brew: "isa-l"),
        system("SystemJPEG", pkgConfig: "libjpeg", apt: "libjpeg62-turbo-dev", brew: "jpeg-turbo"),
        system("SystemWebP", pkgConfig: "libwebpdemux", apt: "libwebp-dev", brew: "webp"),
        system("SystemWebPMux", pkgConfig: "libwebpmux", apt: "libwebp-dev", brew: "webp"),
        system("SystemLCMS", pkgConfig: "lcms2", apt: "liblcms2-dev", brew: "little-cms2"),
        system("SystemHarfBuzz", pkgConfig: "harfbuzz", apt: "libharfbuzz-dev", brew: "harfbuzz"),
        system("SystemFreeType", pkgConfig: "freetype2", apt: "libfreetype-dev", brew: "freetype"),
        // The SIMD level every C kernel takes, their floating-point rule and portable elementary
        // functions (gr_cpu.h, gr_math.h).
        .target(name: "CCPU"),
        .target(name: "CPNGRead", dependencies: ["CCPU", "SystemDeflate", "SystemISAL"]),
        .target(name: "CDeflateRuns"),
        .target(
            name: "CPNG",
            dependencies: ["CCPU", "CPNGRead", "CDeflateRuns", "SystemPNG", "SystemDeflate", "SystemISAL"]),
        // The project's own code in place of parts of a library, apart from the shims: each target's
        // header says what it gains, what it must equal and when it can go.
        .target(name: "CJPEGScan", dependencies: ["CCPU", "SystemJPEG"]),
        .target(name: "CJPEG", dependencies: ["CCPU", "CJPEGScan", "SystemJPEG"]),
        .target(name: "CWebP", dependencies: ["CCPU", "SystemWebP", "SystemWebPMux"]),
        // libheif and libavcodec, CHEIF's HEIF reader and HEVC decoder, are opened on first use
        // (heif_library.c, hevc_libavcodec.c), not linked: only their headers are needed (libheif-dev,
        // libavcodec-dev; Homebrew's libheif and ffmpeg).
        .target(name: "CHEIFGrid", dependencies: ["CCPU"]),
        .target(name: "CHEIF", dependencies: ["CCPU", "CHEIFGrid"]),
        .target(name: "CColor", dependencies: ["CCPU", "SystemLCMS"]),
        .target(name: "CProcess"),
        // Captions: HarfBuzz shapes, FreeType reads outlines (CText); Typography sets lines, and
        // Raster's own coverage rasteriser draws them.
        .target(name: "CText", dependencies: ["SystemHarfBuzz", "SystemFreeType"]),
        .target(name: "Typography", dependencies: ["GalleryCore", "CText"]),
        .target(name: "CBuildInfo", cSettings: [.define("GR_DECLARED_VERSION", to: "\"\(declaredVersion)\"")]),
        .target(name: "GalleryCore", dependencies: ["CProcess"]),
        .target(
            name: "ImageCodecs", dependencies: ["GalleryCore", "CPNG", "CPNGRead", "CJPEG", "CWebP", "CHEIF", "CColor"]),
        .target(name: "CRaster", dependencies: ["CCPU"]),
        .target(name: "Raster", dependencies: ["GalleryCore", "Typography", "CRaster", "CCPU"]),
        // CCPU for gr_math.h: the fling curves' exp and log give the same bits on every CPU.
        .target(name: "GalleryLayout", dependencies: ["CCPU"]),
        .target(
            name: "RenderPipeline",
            dependencies: ["GalleryCore", "ImageCodecs", "Raster", "GalleryLayout", "Typography"]),
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
                "GalleryRender", "CBuildInfo", "CCPU", "CProcess", "Typography",
            ]),
        .executableTarget(name: "gallery-render", dependencies: ["GalleryCLI"]),

        .target(
            name: "TestSupport", dependencies: ["GalleryCore", "ImageCodecs", "VisualDiff", "CJPEGCoefficients"],
            path: "Tests/TestSupport"),
        // Tests only: JPEGs written straight from DCT coefficients (JPEGInverseDCTTests).
        .target(name: "CJPEGCoefficients", dependencies: ["SystemJPEG"], path: "Tests/CJPEGCoefficients"),
        .testTarget(
            name: "ImageCodecsTests",
            dependencies: [
                "GalleryCore", "ImageCodecs", "CPNG", "CPNGRead", "CHEIF", "CJPEG", "CJPEGScan", "CJPEGCoefficients",
                "CColor", "CCPU",
                "TestSupport",
            ],
            exclude: ["Golden"]),
        .testTarget(name: "GalleryCoreTests", dependencies: ["GalleryCore", "ImageCodecs", "TestSupport"]),
        // Tests only: FreeType's own rasterisation, the oracle for the coverage rasteriser.
        .target(name: "CFreeTypeOracle", dependencies: ["SystemFreeType"], path: "Tests/CFreeTypeOracle"),
        .testTarget(
            name: "RasterTests",
            dependencies: ["GalleryCore", "Raster", "Typography", "CCPU", "CFreeTypeOracle", "TestSupport"]),
        .testTarget(name: "GalleryLayoutTests", dependencies: ["GalleryLayout"]),
        .testTarget(name: "TypographyTests", dependencies: ["Typography", "GalleryCore"]),
        .testTarget(
            name: "RenderPipelineTests", dependencies: ["GalleryCore", "RenderPipeline", "Typography", "TestSupport"],
            exclude: ["Golden"]),
        .testTarget(
            name: "SnapshotCheckTests",
            dependencies: ["SnapshotCheck", "GalleryCore", "ImageCodecs", "VisualDiff", "TestSupport"]),
        .testTarget(
            name: "VisualDiffTests",
            dependencies: ["GalleryCore", "ImageCodecs", "VisualDiff", "CPixelmatch", "TestSupport"]),
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
            name: "fuzz-png", dependencies: ["GalleryCore", "ImageCodecs", "CPNG", "CPNGRead"],
            path: "Fuzz/Targets/fuzz-png"),
        .executableTarget(
            name: "fuzz-apng", dependencies: ["GalleryCore", "ImageCodecs"], path: "Fuzz/Targets/fuzz-apng"),
        .executableTarget(
            name: "fuzz-jpeg", dependencies: ["GalleryCore", "ImageCodecs", "CJPEG"], path: "Fuzz/Targets/fuzz-jpeg"),
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
        .executableTarget(name: "fuzz-layout", dependencies: ["SnapshotCheck"], path: "Fuzz/Targets/fuzz-layout"),
        .executableTarget(
            name: "fuzz-font", dependencies: ["GalleryCore", "Raster", "Typography"], path: "Fuzz/Targets/fuzz-font"),
    ]
}
