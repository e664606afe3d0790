import CColor
import ImageCodecs
import Testing

/// Between profiles with the same blue primary, the matrix/TRC shortcut runs on tables over red and
/// green (CColor's color_planes.c), built only where they are proven to give the six-lookup loops'
/// bytes. Held here to exactly those bytes for all 2²⁴ colours, with alpha kept.
@Suite struct ColorPlanesTests {
    /// Every colour once, with a different alpha along the way.
    static let everyColour: [UInt8] = {
        var pixels = [UInt8](repeating: 0, count: 4 << 24)
        pixels.withUnsafeMutableBufferPointer { p in
            for k in 0..<(1 << 24) {
                p[k * 4] = UInt8(truncatingIfNeeded: k >> 16)
                p[k * 4 + 1] = UInt8(truncatingIfNeeded: k >> 8)
                p[k * 4 + 2] = UInt8(truncatingIfNeeded: k)
                p[k * 4 + 3] = UInt8(truncatingIfNeeded: k &* 7)
            }
        }
        return pixels
    }()

    /// A transform, freed when `body` returns.
    static func withTransform<T>(
        _ make: (UnsafeMutablePointer<OpaquePointer?>, UnsafeMutablePointer<gr_color_result>) -> gr_color_status,
        _ body: (OpaquePointer) throws -> T
    ) throws -> T {
        var transform: OpaquePointer?
        var result = gr_color_result()
        let status = make(&transform, &result)
        let made = try #require(transform, "status \(status.rawValue)")
        defer { gr_color_transform_free(made) }
        return try body(made)
    }

    static func fromICC(_ profile: [UInt8], to space: gr_color_space)
        -> (UnsafeMutablePointer<OpaquePointer?>, UnsafeMutablePointer<gr_color_result>) -> gr_color_status
    {
        { out, result in
            profile.withUnsafeBufferPointer {
                gr_color_transform_from_icc($0.baseAddress, $0.count, GR_COLOR_PIXELS_RGBA, space, out, result)
            }
        }
    }

    static func fromCICP(_ primaries: UInt16, _ transfer: UInt16, to space: gr_color_space)
        -> (UnsafeMutablePointer<OpaquePointer?>, UnsafeMutablePointer<gr_color_result>) -> gr_color_status
    {
        { out, result in gr_color_transform_from_cicp(primaries, transfer, space, out, result) }
    }

    /// `profile` with its red, green and blue colorants (D50 XYZ) replaced.
    static func withColorants(_ profile: [UInt8], _ colorants: [[Double]]) throws -> [UInt8] {
        func word(_ at: Int) -> Int { profile[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        var patched = profile
        for (signature, xyz) in zip(["rXYZ", "gXYZ", "bXYZ"], colorants) {
            let entry = try #require(
                (0..<word(128)).map { 132 + $0 * 12 }.first { Array(profile[$0..<$0 + 4]) == Array(signature.utf8) })
            for (i, value) in xyz.enumerated() {
                let fixed = UInt32(bitPattern: Int32((value * 65536).rounded()))
                for byte in 0..<4 {
                    patched[word(entry + 4) + 8 + i * 4 + byte] = UInt8(truncatingIfNeeded: fixed >> (24 - 8 * byte))
                }
            }
        }
        return patched
    }

    /// Apple's Display P3 profile's colorants, and Adobe RGB (1998)'s: other numbers for the same blue.
    static let appleP3 = [
        [0.515121, 0.241196, -0.001053], [0.291977, 0.692245, 0.041885], [0.157104, 0.066574, 0.784073],
    ]
    static let adobeRGB = [
        [0.609741, 0.311111, 0.019470], [0.205276, 0.625671, 0.060867], [0.149185, 0.063217, 0.744568],
    ]

    static func transforms() throws -> [(
        String, (UnsafeMutablePointer<OpaquePointer?>, UnsafeMutablePointer<gr_color_result>) -> gr_color_status
    )] {
        let p3 = ColorSpace.displayP3.iccProfile
        return [
            ("Display P3 profile → sRGB", fromICC(p3, to: GR_COLOR_SPACE_SRGB)),
            ("sRGB profile → Display P3", fromICC(ColorSpace.srgb.iccProfile, to: GR_COLOR_SPACE_DISPLAY_P3)),
            ("Apple's P3 colorants → sRGB", fromICC(try withColorants(p3, appleP3), to: GR_COLOR_SPACE_SRGB)),
            (
                "Adobe RGB colorants → Display P3",
                fromICC(try withColorants(p3, adobeRGB), to: GR_COLOR_SPACE_DISPLAY_P3)
            ),
            ("CICP P3, sRGB curve → sRGB", fromCICP(12, 13, to: GR_COLOR_SPACE_SRGB)),
            ("CICP P3, BT.709 curve → sRGB", fromCICP(12, 1, to: GR_COLOR_SPACE_SRGB)),
            ("CICP sRGB, gamma 2.2 → Display P3", fromCICP(1, 4, to: GR_COLOR_SPACE_DISPLAY_P3)),
        ]
    }

    @Test func theTablesGiveTheLookupsBytesForEveryColour() throws {
        for (name, make) in try Self.transforms() {
            try Self.withTransform(make) { transform in
                var planes = Self.everyColour, lookups = Self.everyColour, applied = Self.everyColour
                let count = Self.everyColour.count / 4
                #expect(
                    planes.withUnsafeMutableBufferPointer {
                        gr_color_apply_loops(transform, GR_COLOR_LOOPS_PLANES, $0.baseAddress, count)
                    } == 1, "\(name): no tables")
                #expect(
                    lookups.withUnsafeMutableBufferPointer {
                        gr_color_apply_loops(transform, GR_COLOR_LOOPS_LOOKUPS, $0.baseAddress, count)
                    } == 1, "\(name): no shortcut")
                applied.withUnsafeMutableBufferPointer { gr_color_apply(transform, $0.baseAddress, count) }
                let differing = zip(planes, lookups).count { $0 != $1 }
                #expect(differing == 0, "\(name): \(differing) bytes differ")
                #expect(applied.elementsEqual(planes), "\(name): gr_color_apply takes another path")
                #expect(!planes.elementsEqual(Self.everyColour), "\(name): nothing converted")
                #expect(stride(from: 3, to: planes.count, by: 4).allSatisfy { planes[$0] == Self.everyColour[$0] })
            }
        }
    }

    /// Runs whose length is not a multiple of the eight pixels the AVX2 loop takes, at odd offsets.
    @Test func shortRunsAndTailsGiveTheSameBytes() throws {
        try Self.withTransform(Self.fromICC(ColorSpace.displayP3.iccProfile, to: GR_COLOR_SPACE_SRGB)) { transform in
            let source = Array(Self.everyColour[(4 << 20)..<(4 << 20) + 4 * 4096])
            for (start, count) in [(0, 1), (3, 7), (5, 9), (1, 17), (11, 4000)] {
                var planes = source, lookups = source
                planes.withUnsafeMutableBufferPointer {
                    _ = gr_color_apply_loops(
                        transform, GR_COLOR_LOOPS_PLANES, $0.baseAddress.map { $0 + start * 4 }, count)
                }
                lookups.withUnsafeMutableBufferPointer {
                    _ = gr_color_apply_loops(
                        transform, GR_COLOR_LOOPS_LOOKUPS, $0.baseAddress.map { $0 + start * 4 }, count)
                }
                #expect(planes.elementsEqual(lookups), "\(count) pixels from \(start)")
                #expect(planes[..<(start * 4)].elementsEqual(source[..<(start * 4)]), "before the run")
                #expect(
                    planes[((start + count) * 4)...].elementsEqual(source[((start + count) * 4)...]), "after the run")
                #expect(!planes.elementsEqual(source), "nothing converted")
            }
        }
    }

    /// A blue primary that is not sRGB's: the red output depends on the input's blue, so no tables,
    /// and gr_color_apply keeps the six lookups.
    @Test func anotherBluePrimaryKeepsTheLookups() throws {
        let otherBlue = try Self.withColorants(
            ColorSpace.displayP3.iccProfile, [Self.appleP3[0], Self.appleP3[1], [0.18, 0.1, 0.7]])
        try Self.withTransform(Self.fromICC(otherBlue, to: GR_COLOR_SPACE_SRGB)) { transform in
            var pixels = Array(Self.everyColour[0..<4 * 65536]), lookups = pixels
            #expect(
                pixels.withUnsafeMutableBufferPointer {
                    gr_color_apply_loops(transform, GR_COLOR_LOOPS_PLANES, $0.baseAddress, 65536)
                } == 0)
            #expect(
                lookups.withUnsafeMutableBufferPointer {
                    gr_color_apply_loops(transform, GR_COLOR_LOOPS_LOOKUPS, $0.baseAddress, 65536)
                } == 1)
            pixels.withUnsafeMutableBufferPointer { gr_color_apply(transform, $0.baseAddress, 65536) }
            #expect(pixels.elementsEqual(lookups))
            #expect(!pixels.elementsEqual(Self.everyColour[0..<4 * 65536]))
        }
    }
}
