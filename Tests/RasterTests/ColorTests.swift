import Raster
import Testing

@Suite struct ColorTests {
    @Test func parsesEveryNotation() {
        #expect(Color(parsing: "#fa0") == Color(r: 0xFF, g: 0xAA, b: 0x00))
        #expect(Color(parsing: "#1E90FF") == Color(r: 0x1E, g: 0x90, b: 0xFF))
        #expect(Color(parsing: "#11223344") == Color(r: 0x11, g: 0x22, b: 0x33, a: 0x44))
        #expect(Color(parsing: "RebeccaPurple") == Color(r: 0x66, g: 0x33, b: 0x99))
        #expect(Color(parsing: "grey") == Color(parsing: "gray"))
        #expect(Color(parsing: "transparent")?.a == 0)
    }

    @Test(arguments: ["", "#", "#12", "#12345", "#1234567", "#GGGGGG", "blurple", "#+12", "#-1-1-1"])
    func rejectsInvalidColours(_ text: String) {
        #expect(Color(parsing: text) == nil)
    }

    @Test func premultipliesOnTheCanvasScale() {
        let expected = SIMD4<Float>(200 * 128 / 255, 100 * 128 / 255, 0, 128)
        let difference = Color(r: 200, g: 100, b: 0, a: 128).premultiplied - expected
        #expect((0..<4).allSatisfy { abs(difference[$0]) < 1e-4 })
    }
}
