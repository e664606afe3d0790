// swift-tools-version:6.2
// An example package that uses gallery-render as a library: a snapshot assertion for carousel
// frames. In your own package, depend on it by URL:
//   .package(url: "https://github.com/<owner>/gallery-render.git", from: "0.1.0")
// Here it is the checkout this example lives in (`make library-example` points GALLERY_RENDER_PATH
// at it through a link named gallery-render, the identity a URL dependency would have).
import Foundation
import PackageDescription

let galleryRender = ProcessInfo.processInfo.environment["GALLERY_RENDER_PATH"] ?? "../../.."

let package = Package(
    name: "CarouselSnapshots",
    dependencies: [.package(path: galleryRender)],
    targets: [
        .target(
            name: "CarouselSnapshots", dependencies: [.product(name: "GalleryRender", package: "gallery-render")]),
        .testTarget(name: "CarouselSnapshotsTests", dependencies: ["CarouselSnapshots"], exclude: ["__Snapshots__"]),
    ]
)
