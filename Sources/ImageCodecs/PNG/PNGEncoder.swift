import CPNG
import Dispatch
import GalleryCore

/// Encodes images as PNG through the CPNG shim: 8-bit RGB when the image is opaque, RGBA otherwise,
/// every row Paeth-filtered. Same pixels, same bytes, whatever the number of threads.
public enum PNGEncoder {
    /// How the filtered rows are deflated.
    public enum Compression: Sendable {
        /// Runs of a repeated byte plus Huffman coding (CPNG's gr_run_deflate.c), in parts of whole rows
        /// on up to `jobs` threads: for rendered frames, photos over flat colour. On the @3x bench
        /// frame 399 KB in about 3 ms on one thread, against libdeflate level 1's 421 KB in 7.5 ms.
        case runs
        /// libdeflate level 1, on one thread: it finds repeats at any distance, which makes the faded
        /// photo behind a visual diff 25 % smaller than `runs` does.
        case matches
    }

    /// PNG bytes for `image`, tagged for `colorSpace` (PNGColorTag); with `alpha`, RGBA (true) or RGB
    /// (false) whatever the pixels, as every frame of an APNG must share one colour type.
    public static func encode(
        _ image: RGBAImage, compression: Compression = .runs, jobs: Int = 1, alpha: Bool? = nil,
        colorSpace: ColorSpace = .srgb
    ) throws(EncodeError) -> [UInt8] {
        var result = gr_png_buffer()
        let hasAlpha: Int32 = alpha ?? !image.isOpaque ? 1 : 0
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            switch compression {
            case .matches:
                gr_png_encode(pixels.baseAddress, UInt32(image.width), UInt32(image.height), hasAlpha, 1, &result)
            case .runs:
                encodeInParts(pixels, width: image.width, height: image.height, hasAlpha: hasAlpha, jobs: jobs, &result)
            }
        }
        defer { gr_png_free(result.bytes) }
        guard status == GR_PNG_OK, let bytes = result.bytes else {
            // The one place a CPNG status becomes a typed error.
            throw status == GR_PNG_NO_MEMORY ? .outOfMemory : .refused(message: FixedCString.string(result.message))
        }
        // One copy out of the shim's buffer, with the colour tag after the signature and IHDR's 33 bytes.
        let tag = PNGColorTag.chunk(for: colorSpace), split = min(33, result.size)
        guard var copy = LargeArray.uninitialized(UInt8.self, count: result.size + tag.count) else {
            throw .outOfMemory
        }
        copy.withUnsafeMutableBytes { copy in
            let source = UnsafeRawBufferPointer(start: bytes, count: result.size)
            copy.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[..<split]))
            UnsafeMutableRawBufferPointer(rebasing: copy[split...]).copyBytes(from: tag)
            UnsafeMutableRawBufferPointer(rebasing: copy[(split + tag.count)...])
                .copyMemory(from: UnsafeRawBufferPointer(rebasing: source[split...]))
        }
        return copy
    }

    /// The run encoder's parts, each filtered and compressed into its own stretch of one buffer by
    /// whichever worker takes it, then framed in order.
    private static func encodeInParts(
        _ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, hasAlpha: Int32, jobs: Int,
        _ result: inout gr_png_buffer
    ) -> gr_png_status {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max),
            pixels.count >= width * height * 4, let base = pixels.baseAddress
        else {
            // No parts: the shim reports the size it cannot write.
            return gr_png_assemble(
                UInt32(clamping: width), UInt32(clamping: height), hasAlpha, nil, nil, nil, nil, 0, &result)
        }
        let partRows = Int(gr_png_part_rows(UInt32(width), hasAlpha))
        let count = (height + partRows - 1) / partRows
        let bound = gr_png_part_bound(UInt32(width), UInt32(partRows), hasAlpha)
        guard let work = PNGParts(count: count, bound: bound) else { return GR_PNG_NO_MEMORY }
        defer { work.deallocate() }
        // Read by every worker, written by none.
        nonisolated(unsafe) let source = base
        let encodePart = { @Sendable (part: Int) in
            let first = part * partRows, rows = min(partRows, height - first)
            work.sizes[part] = gr_png_encode_part(
                source, UInt32(width), UInt32(first), UInt32(rows), hasAlpha, part == count - 1 ? 1 : 0,
                work.part(part), work.filteredSizes.buffer.baseAddress.map { $0 + part },
                work.adlers.buffer.baseAddress.map { $0 + part })
        }
        let workers = max(1, min(jobs, count))
        Parallel.forEach(workers) { worker in
            for part in stride(from: worker, to: count, by: workers) { encodePart(part) }
        }
        let parts: [UnsafePointer<UInt8>?] = (0..<count).map { work.part($0).map { UnsafePointer($0) } }
        return parts.withUnsafeBufferPointer { parts in
            gr_png_assemble(
                UInt32(width), UInt32(height), hasAlpha, parts.baseAddress, work.sizes.buffer.baseAddress,
                work.filteredSizes.buffer.baseAddress, work.adlers.buffer.baseAddress, count, &result)
        }
    }
}
