import CPNG
import CPNGRead
import GalleryCore
import ImageCodecs

/// libFuzzer entry: any bytes through the PNG decoder, under a budget small enough to keep each run fast.
/// Differential too: whatever the fast reader accepts, libpng must accept with the same pixels.
/// And the same bytes as pixels through the run encoder: libpng must read them back unchanged. And as
/// a deflate stream inside a plain PNG with right CRCs and Adler-32 (`differInsideTheStream`), so
/// that the comparison reaches into the inflaters.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    let options = DecodeOptions(budget: PixelBudget(maxPixels: 4_000_000, maxSide: 8192))
    let automatic = try? PNGDecoder.decode(bytes, options: options)
    if let fast = try? PNGDecoder.decode(bytes, options: options, reader: .fast) {
        let reference = try? PNGDecoder.decode(bytes, options: options, reader: .libpng)
        if reference?.image != fast.image || automatic?.image != fast.image {
            fatalError("the fast reader disagrees with libpng")
        }
    }
    roundTrip(bytes)
    differInsideTheStream(bytes)
    return 0
}

/// Bytes 0–2 choose the colour type, the window the zlib header declares and a size of up to
/// 32 × 32; the rest is a raw deflate stream, wrapped in that header and the Adler-32 of what ISA-L
/// makes of it, in one IDAT. Whatever the fast reader accepts, libpng must accept with the same
/// pixels, with one known exception: zlib refuses incomplete Huffman codes ("invalid literal/lengths
/// set", "invalid distances set", "invalid code lengths set") that ISA-L takes when no missing
/// codeword is used (gr_fast_reader.c). zlib gives the same messages for over-subscribed codes, which
/// ISA-L refuses too, so a fast reader taking one of those would go unseen here.
private func differInsideTheStream(_ bytes: [UInt8]) {
    guard bytes.count > 3 else { return }
    let colorType: UInt8 = [0, 2, 4, 6][Int(bytes[0] % 4)]
    let cmf = Int((bytes[0] >> 2) % 8) << 4 | 8  // a window of 2^(8 + CINFO) bytes
    let flg = (31 - cmf * 256 % 31) % 31
    let width = Int(bytes[1] % 32) + 1, height = Int(bytes[2] % 32) + 1
    let deflate = Array(bytes[3...])
    var inflated = [UInt8](repeating: 0, count: 1 << 16)
    let count = inflated.withUnsafeMutableBufferPointer { out in
        deflate.withUnsafeBufferPointer { gr_png_inflate_raw($0.baseAddress, $0.count, out.baseAddress, out.count) }
    }
    guard count >= 0 else { return }
    var a: UInt32 = 1, b: UInt32 = 0
    for byte in inflated.prefix(count) {
        a = (a + UInt32(byte)) % 65521
        b = (b + a) % 65521
    }
    func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return be32(UInt32(data.count)) + body + be32(~crc)
    }
    let png: [UInt8] =
        [137, 80, 78, 71, 13, 10, 26, 10]
        + chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [8, colorType, 0, 0, 0])
        + chunk("IDAT", [UInt8(cmf), UInt8(flg)] + deflate + be32(b << 16 | a)) + chunk("IEND", [])
    guard let fast = try? PNGDecoder.decode(png, reader: .fast) else { return }
    do {
        if try PNGDecoder.decode(png, reader: .libpng).image != fast.image {
            fatalError("the fast reader's pixels differ from libpng's inside a stream")
        }
    } catch DecodeError.corrupt(_, let message)
        where ["IDAT: invalid literal/lengths set", "IDAT: invalid distances set", "IDAT: invalid code lengths set"]
        .contains(message)
    {
        return  // the known exception: an incomplete code that zlib refuses and ISA-L reads
    } catch {
        fatalError("the fast reader accepts a stream libpng refuses: \(error)")
    }
}

/// The bytes as RGBA pixels, rows as wide as the first byte says (1…256), through the run encoder.
private func roundTrip(_ bytes: [UInt8]) {
    let width = Int(bytes.first ?? 0) + 1, height = bytes.count / (width * 4)
    guard height > 0 else { return }
    let image = RGBAImage(width: width, height: height, pixels: Array(bytes.prefix(width * height * 4)))
    guard let png = try? PNGEncoder.encode(image, jobs: 2),
        let back = try? PNGDecoder.decode(png, reader: .libpng), back.image == image
    else { fatalError("the run encoder's PNG does not read back") }
}
