/// Which reader decodes a PNG.
public enum PNGReader: Sendable, Hashable {
    /// The fast reader (ISA-L's inflate, a row at a time) for plain 8-bit files, the common case;
    /// libpng for everything else and for any file the fast reader finds anything unusual in.
    case automatic
    /// libpng for every file: the reference the tests and the differential fuzzer compare with.
    case libpng
    /// The fast reader alone, for tests: a file it does not take throws `.corrupt` with the message
    /// `PNGReader.declined`.
    case fast

    /// The message of the error `.fast` throws for a file it leaves to libpng.
    public static let declined = "left to libpng"
}
