import CJPEG
import CJPEGScan
import CJPEGCoefficients
import Dispatch
import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

/// The run-time guard (gr_jpeg_guard.c): gr_jpeg_huffman.c's decoder, the AVX2 inverse DCTs and the
/// resumption depend on libjpeg-turbo's internals, so they run only where the libjpeg-turbo loaded is
/// the version the build's headers describe; anywhere else every decode is libjpeg's alone. Here the
/// two agree, so the guarded paths must be on; forced off (as another version turns them off), every
/// decode must give the same bytes, status, warnings and message as with them.
///
/// The force is per thread (`_Thread_local` in C) and set only around synchronous decodes (`stock`),
/// undone by `defer` before the thread can run anything else. So tests running at the same time on
/// other threads — JPEGHuffmanTests checks whose decoder read each file, JPEGResumeTests whether rows
/// were resumed, JPEGInverseDCTTests that the kernels ran — never see it, and no lock or shared suite
/// is needed. `.serialized` only keeps this suite's own tests from overlapping.
@Suite(.serialized) struct LibjpegVersionGuardTests {
    /// `body` with this thread's decodes forced to libjpeg's own path. Synchronous on purpose: after an
    /// `await` the rest could run on another thread, without the flag.
    static func stock<T>(_ body: () throws -> T) rethrows -> T {
        gr_jpeg_force_stock(1)
        defer { gr_jpeg_force_stock(0) }
        return try body()
    }

    /// The loaded libjpeg-turbo's version (as the library states it) and the headers' (as the CLI prints it).
    static var versions: (loaded: String, headers: String?) {
        (String(cString: gr_jpeg_loaded_version()), CodecLibraries.versions.first { $0.hasPrefix("libjpeg-turbo ") })
    }

    /// The package's libjpeg62-turbo is the one the build's headers came from, so the guarded paths
    /// are on (the guard reads the loaded version on Linux only: elsewhere they stay off), and serve.
    @Test func privatePathsAreEnabledHere() throws {
        #if os(Linux)
            let (loaded, headers) = Self.versions
            let versions = "built with \(headers ?? "no libjpeg-turbo"), loaded \(loaded.isEmpty ? "unknown" : loaded)"
            #expect(headers == "libjpeg-turbo \(loaded)", "\(versions)")
            #expect(gr_jpeg_private_paths_enabled() == 1, "\(versions)")
            let bytes = try #require(
                JPEGEncoder.encode(JPEGInverseDCTTests.noise(width: 160, height: 640, seed: 31), quality: 90))
            #expect(ShimDecode.run(bytes, eighths: 8).entropy == 1, "gr_jpeg_huffman.c did not read the scan")
            #expect(ShimDecode.run(bytes, eighths: 8, region: (0, 630, 160, 10)).resumed, "not resumed")
        #else
            #expect(gr_jpeg_private_paths_enabled() == 0)
        #endif
        Self.stock { #expect(gr_jpeg_private_paths_enabled() == 0) }
    }

    /// JPEGs of every path: baseline (gr_jpeg_huffman.c, resumed far down), fitted tables, 4:4:4, gray,
    /// CMYK, restart markers and progressive (libjpeg's throughout), cut and damaged (where the
    /// decoder gives up and libjpeg decodes again).
    static func files() throws -> [(String, [UInt8])] {
        let image = JPEGInverseDCTTests.noise(width: 160, height: 640, seed: 32)
        let baseline = try #require(JPEGEncoder.encode(image, quality: 90))
        let scan = try #require(JPEGResumeTests.scanStart(baseline))
        let body = baseline.count - 2 - scan
        var flipped = baseline
        flipped[scan + body / 3] ^= 0x10
        var files: [(String, [UInt8])] = [
            ("baseline", baseline),
            ("progressive", try #require(JPEGEncoder.encode(image, quality: 90, progressive: true))),
            ("cut at half", Array(baseline.prefix(scan + body / 2))),
            ("no EOI", Array(baseline.dropLast(2))),
            ("a bit flipped", flipped),
        ]
        for (name, settings) in [
            ("fitted tables", JPEGResumeTests.settings(optimize: true)),
            ("4:4:4", JPEGResumeTests.settings(sampling: [(1, 1), (1, 1), (1, 1)])),
            ("gray", JPEGResumeTests.settings(components: 1)),
            ("CMYK", JPEGResumeTests.settings(components: 4)),
            ("restart every row", JPEGResumeTests.settings(restartRows: 1)),
        ] {
            files.append((name, try JPEGResumeTests.encode(image, settings)))
        }
        return files
    }

    /// Forced to libjpeg's path, every decode — whole, from the top, far down, a band of a few columns —
    /// gives the guarded path's outcome and the plain options' (all three set), through libjpeg alone.
    @Test func stockPathGivesTheSameBytes() throws {
        var ours = 0, resumed = 0, gaveUp = 0, kernels: UInt64 = 0
        for (name, bytes) in try Self.files() {
            for eighths in [1, 3, 6, 8] {
                let (w, h) = ((160 * eighths + 7) / 8, (640 * eighths + 7) / 8)
                let regions: [(Int, Int, Int, Int)?] = [
                    nil, (w / 3, 0, max(1, w / 4), h / 2), (0, h - 3, w, 3), (w / 4, h / 2, max(1, w / 2), 5),
                ]
                for region in regions {
                    let what = "\(name) at \(eighths)/8\(region.map { " region \($0)" } ?? "")"
                    let guarded = ShimDecode.run(bytes, eighths: eighths, region: region)
                    let forced = Self.stock { ShimDecode.run(bytes, eighths: eighths, region: region) }
                    let plain = ShimDecode.run(bytes, eighths: eighths, region: region) {
                        ($0.plain_entropy, $0.plain_idct, $0.plain_skip) = (1, 1, 1)
                    }
                    if let difference = forced.difference(from: guarded) {
                        Issue.record("\(what): \(difference) (the guarded path's second)")
                    }
                    if let difference = forced.difference(from: plain) {
                        Issue.record("\(what): \(difference) (the plain options' second)")
                    }
                    #expect(forced.entropy == 0 && !forced.resumed, "\(what): a guarded path ran while forced off")
                    #expect(forced.idct.simd_blocks == 0 && forced.idct.fallback_blocks == 0, "\(what): AVX2 IDCTs")
                    if guarded.entropy == 1 { ours += 1 }
                    if guarded.entropy == 2 { gaveUp += 1 }
                    if guarded.resumed { resumed += 1 }
                    kernels += guarded.idct.simd_blocks
                }
            }
        }
        // The comparisons covered each guarded path (forced off, none of them ran).
        if gr_jpeg_private_paths_enabled() == 1 {
            #expect(ours > 0 && resumed > 0 && gaveUp > 0, "read \(ours), resumed \(resumed), gave up \(gaveUp)")
            if JPEGInverseDCTTests.kernelsRun { #expect(kernels > 0, "the AVX2 kernels never ran") }
        }
    }

    /// Through the decoder callers use: a photo scaled for a target, whole and a sliver at the bottom.
    @Test func decoderGivesTheSameImage() throws {
        let bytes = try #require(
            JPEGEncoder.encode(JPEGInverseDCTTests.noise(width: 400, height: 1200, seed: 33), quality: 92))
        let scaled = DecodeOptions(targetSize: PixelSize(width: 75, height: 225))
        var sliver = scaled
        sliver.region = ImageRegion(x: 10..<140, y: 440..<450)
        for options in [DecodeOptions(), scaled, sliver] {
            let guarded = try JPEGDecoder.decode(bytes, options: options)
            let forced = try Self.stock { try JPEGDecoder.decode(bytes, options: options) }
            #expect(forced.image == guarded.image, "\(options)")
            #expect(forced.warnings == guarded.warnings && forced.scaleEighths == guarded.scaleEighths)
        }
    }

    /// The force is this thread's alone: another thread's decodes keep the guarded paths meanwhile.
    @Test func forceIsPerThread() {
        /// Written by the other thread before it signals, read here after the wait.
        final class Seen: @unchecked Sendable {
            var value: Int32 = -1
            let done = DispatchSemaphore(value: 0)
        }
        let seen = Seen()
        let before = gr_jpeg_private_paths_enabled()
        Self.stock {
            #expect(gr_jpeg_private_paths_enabled() == 0)
            let other = Thread {
                seen.value = gr_jpeg_private_paths_enabled()
                seen.done.signal()
            }
            other.start()
            seen.done.wait()
        }
        #expect(seen.value == before, "another thread saw \(seen.value) while this one was forced")
        #expect(gr_jpeg_private_paths_enabled() == before, "not restored")
    }
}
