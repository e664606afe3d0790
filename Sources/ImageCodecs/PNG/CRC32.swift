import CPNG

/// CRC-32 (ISO 3309, PNG's chunk checksum) by libdeflate, which folds with carry-less multiplies
/// where the CPU has them: a check that a file read back is the file written, at memory speed.
public enum CRC32 {
    public static func of(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { gr_png_crc32($0.baseAddress, $0.count) }
    }
}
