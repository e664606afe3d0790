import Testing

@testable import RenderPipeline

@Suite struct NaturalOrderTests {
    @Test func digitRunsCompareByValueAndTiesFallBackToTheName() {
        let names = ["10.jpg", "a10b10", "2.jpg", "IMG_0010.JPG", "1.jpg", "a9", "01.jpg", "a10b2", "IMG_0009.JPG"]
        // Worked out by hand: "01" and "1" are equal by value, so the names decide ("0" < "1");
        // digits (0x30…) sort before capitals (0x41…) before small letters (0x61…).
        let expected = ["01.jpg", "1.jpg", "2.jpg", "10.jpg", "IMG_0009.JPG", "IMG_0010.JPG", "a9", "a10b2", "a10b10"]
        #expect(NaturalOrder.sorted(names) { $0 } == expected)
        #expect(names.sorted(by: NaturalOrder.areInIncreasingOrder) == expected)
    }
}
