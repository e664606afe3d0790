/// Which reader decodes a PNG: a test seam, visible inside the package only (tests and fuzz targets
/// compare the readers); the product always reads `.automatic`.
package enum PNGReader: Sendable, Hashable {
    /// The fast reader (ISA-L's inflate, a row at a time) for plain 8-bit files, the common case;
    /// libpng for everything else and for any file the fast reader finds anything unusual in.
    case automatic
    /// libpng for every file: the reference the tests and the differential fuzzer compare with.
    case libpng
    /// The fast reader alone: a file it does not take throws `DecodeError.declined`.
    case fast
}
