import GalleryCore
import Testing

/// SHA-256 against FIPS 180-4's examples and the padding boundaries.
@Suite struct SHA256Tests {
    @Test func fipsExamples() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// 55, 56 and 64 bytes: the length fits in the last block, just misses it, and a whole block.
    @Test func paddingBoundaries() {
        #expect(
            SHA256.hex([UInt8](repeating: 0, count: 55))
                == "02779466cdec163811d078815c633f21901413081449002f24aa3e80f0b88ef7")
        #expect(
            SHA256.hex([UInt8](repeating: 0, count: 56))
                == "d4817aa5497628e7c77e6b606107042bbba3130888c5f47a375e6179be789fbb")
        #expect(
            SHA256.hex([UInt8](repeating: 0, count: 64))
                == "f5a5fd42d16a20302798ef6ed309979b43003d2320d9f0e8ea9831a92759fb4b")
    }
}
