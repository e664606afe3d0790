import GalleryLayout
import Testing

@testable import GalleryCLI

/// The typed option declarations: parsing, checks, defaults, and the names derived from them.
@Suite struct OptionDeclarationTests {
    /// An option source with fixed values, as a manifest scene or a command line gives them.
    struct Values: OptionSource {
        var values: [String: String] = [:]
        var flags: Set<String> = []
        func value(_ name: String) -> String? { values[name] }
        func flag(_ name: String) -> Bool { flags.contains(name) }
    }

    let options = SceneOptions.declared

    @Test func anAbsentOptionGivesItsDeclaredDefault() throws {
        let none = Values()
        #expect(try none.read(options.activeDistance) == 150)
        #expect(try none.read(options.layout) == .line)
        #expect(try none.read(options.width) == nil)
    }

    @Test func textThatIsNotANumberNamesTheOptionAndTheValue() {
        for text in ["abc", "nan", "inf", ""] {
            #expect(throws: UsageError.invalidValue(text, for: options.width.spec, "must be a finite number")) {
                try Values(values: ["width": text]).read(options.width)
            }
        }
    }

    @Test func checksGiveTheirBoundInTheMessage() throws {
        #expect(throws: UsageError.invalidValue("0", for: options.width.spec, "must be greater than 0")) {
            try Values(values: ["width": "0"]).read(options.width)
        }
        #expect(throws: UsageError.invalidValue("17", for: options.displayScale.spec, "must be at most 16")) {
            try Values(values: ["display-scale": "17"]).read(options.displayScale)
        }
        #expect(
            throws: UsageError.invalidValue("0", for: options.columns.spec, "must be a whole number from 1 to 1000")
        ) { try Values(values: ["columns": "0"]).read(options.columns) }
        // A budget that rounds to no pixel at all is refused too (found by review: 1e-9 was taken).
        #expect(throws: UsageError.self) { try Values(values: ["max-megapixels": "1e-9"]).read(options.maxMegapixels) }
        #expect(try Values(values: ["max-megapixels": "0.000001"]).read(options.maxMegapixels) == 0.000_001)
    }

    @Test func enumOptionsListTheirCasesAndRejectOthers() {
        let layouts = [
            "line", "grid", "flow", "linear", "rotary", "inverted-rotary", "cylinder", "inverted-cylinder", "wheel",
            "inverted-wheel", "coverflow", "coverflow2", "time-machine", "inverted-time-machine", "page-cube",
            "page-linear-card", "page-page", "page-parallax", "page-rotate-in-out", "page-zoom-in-out",
            "page-cross-fade", "page-snap-in", "paging-scale", "compositional",
        ]
        #expect(options.layout.spec.values == layouts)
        #expect(options.contentMode.spec.values == ["aspect-fill", "aspect-fit", "fill"])
        #expect(
            throws: UsageError.invalidValue(
                "diamond", for: options.layout.spec, "must be one of " + layouts.joined(separator: ", "))
        ) {
            try Values(values: ["layout": "diamond"]).read(options.layout)
        }
    }

    @Test func everyLayoutParameterIsSpelledByTheOptionOfTheSameName() {
        // Written out, not derived: the kebab-case spelling of each camelCase parameter.
        let spelled: [LayoutParameter: String] = [
            .width: "width", .height: "height", .count: "count", .itemSize: "item-size", .spacing: "spacing",
            .interitemSpacing: "interitem-spacing",
            .activeDistance: "active-distance", .scaleFactor: "scale-factor", .minScale: "min-scale",
            .columns: "columns", .offset: "offset", .delete: "delete", .perspective: "perspective",
            .viewpointOffset: "viewpoint-offset", .arc: "arc", .radius: "radius", .angle: "angle", .tilt: "tilt",
            .circularCount: "circular-count", .fadeMin: "fade-min", .fadeMax: "fade-max", .fadeRange: "fade-range",
            .fadeMinAlpha: "fade-min-alpha", .fling: "fling", .scrollSpeed: "scroll-speed",
            .decelerationRate: "deceleration-rate", .pageInset: "page-inset",
            .groupWidthFraction: "group-width-fraction", .contentInsets: "content-insets",
            .invalidationScale: "invalidation-scale",
        ]
        for parameter in LayoutParameter.allCases {
            #expect(options.spec(for: parameter).name == spelled[parameter])
        }
    }

    @Test func aLayoutErrorBecomesAUsageErrorNamingTheOption() {
        let error = options.usageError(.notPositive(.activeDistance, 0), from: Values(values: ["active-distance": "0"]))
        #expect(
            error.message == "The value '0' is invalid for '--active-distance <pt>': must be greater than 0, not 0")
        #expect(error == .invalidValue("0", for: options.activeDistance.spec, "must be greater than 0, not 0"))
    }

    @Test func manifestKeysAreTheOptionsInCamelCase() {
        #expect(Manifest.keys["displayScale"] == "display-scale")
        #expect(Manifest.keys["maxMegapixels"] == "max-megapixels")
        #expect(Manifest.keys["toLayout"] == "to-layout")
        #expect(Manifest.keys["perceptualPrecision"] == "perceptual-precision")
        #expect(Manifest.keys["rotate"] == "rotate")
        #expect(Manifest.keys["circularCount"] == "circular-count")
        #expect(Manifest.keys["noWrap"] == "no-wrap")
        #expect(Manifest.keys["dragDuration"] == "drag-duration" && Manifest.keys["paging"] == "paging")
        // + the carousel options, the motions (fling, toLayout, delete, rotate, scrollTo, drag), the
        // drag's release and dragDuration, their timing (fps, duration, loop), the diff options, name,
        // photos, ignore, expect
        #expect(
            Manifest.keys.count
                == SceneOptions.specs.count + CarouselOptions.specs.count + 11 + DiffOptions.specs.count + 4)
    }

    @Test func noCommandDeclaresAnOptionTwice() {
        for spec in [
            RenderCommand.spec, LayoutCommand.spec, BatchCommand.spec, CheckCommand.spec, DiffCommand.spec,
            AnimateCommand.spec,
        ] {
            let names = spec.options.map(\.name)
            #expect(Set(names).count == names.count, "\(spec.commandName) repeats an option")
        }
    }

    @Test func aSceneIsParsedOnceAndTheCountWaitsForThePhotos() throws {
        let description = try SceneDescription(Values(values: ["offset": "120"]))
        #expect(description.count == nil)
        #expect(description.scene(photos: ["a.png", "b.png"]).gallery.itemCount == 2)
        #expect(try SceneDescription(Values(values: ["count": "7"])).scene(photos: ["a.png"]).gallery.itemCount == 7)
    }

    /// Digits past Int's range are a number too large (or small), not "not a whole number".
    @Test func aWholeNumberPastIntsRangeIsSaidToBeTooLarge() {
        #expect(
            throws: UsageError.invalidValue(
                "99999999999999999999", for: options.count.spec, "must be a whole number, and this one is too large")
        ) { try SceneDescription(Values(values: ["count": "99999999999999999999"])) }
        #expect(
            throws: UsageError.invalidValue(
                "-99999999999999999999", for: options.count.spec, "must be a whole number, and this one is too small")
        ) { try SceneDescription(Values(values: ["count": "-99999999999999999999"])) }
        #expect(
            throws: UsageError.invalidValue(
                "1e+20", for: options.count.spec, "must be a whole number, and this one is too large")
        ) { try SceneDescription(Values(values: ["count": "1e+20"])) }
        #expect(throws: UsageError.invalidValue("3.5", for: options.count.spec, "must be a whole number")) {
            try SceneDescription(Values(values: ["count": "3.5"]))
        }
    }

    @Test func anotherLayoutsOptionsAreCheckedToo() {
        #expect(throws: UsageError.invalidValue("abc", for: options.scaleFactor.spec, "must be a finite number")) {
            try SceneDescription(Values(values: ["layout": "grid", "scale-factor": "abc"]))
        }
        #expect(
            throws: UsageError.invalidValue("0", for: options.columns.spec, "must be a whole number from 1 to 1000")
        ) {
            try SceneDescription(Values(values: ["columns": "0"]))
        }
    }

    @Test func offsetsBeyondABillionPointsAreUsageErrors() {
        #expect(
            throws: UsageError.invalidValue("1e10", for: options.offset.spec, "must be from -1000000000 to 1000000000")
        ) { try SceneDescription(Values(values: ["offset": "1e10"])) }
        #expect(
            throws: UsageError.invalidValue(
                "0,-2e9", for: options.offsets.spec, "every offset must be from -1000000000 to 1000000000")
        ) { try SceneDescription(Values(values: ["offsets": "0,-2e9"])) }
    }

    @Test func aDefaultThatDoesNotFitIsSaidToBeTheDefault() {
        do {
            _ = try SceneDescription(Values(values: ["layout": "grid", "width": "20"]))
            Issue.record("a 20 pt grid of 3 columns was accepted")
        } catch {
            guard case .defaultDoesNotFit(let option, _) = error else {
                Issue.record("not the default that does not fit: \(error)")
                return
            }
            #expect(option.name == "columns")
            #expect(error.message.hasPrefix("'--columns <n>' at its default does not fit: 3 columns leave a cell side"))
        }
    }

    @Test func usageErrorsPrintAsFlagsOnTheCommandLineAndAsKeysInAManifest() {
        let options = SceneOptions.declared
        let requires = UsageError.requires(options.landscape.spec, options.device.spec)
        #expect(requires.message == "--landscape needs --device")
        #expect(requires.text(.key) == "key 'landscape' needs key 'device'")
        let exclusive = UsageError.exclusive([options.offset.spec, options.offsets.spec])
        #expect(exclusive.message == "Use either --offset or --offsets, not both")
        #expect(exclusive.text(.key) == "Use either key 'offset' or key 'offsets', not both")
        let rule = UsageError.rule("\(options.cornerRadius) applies to \(options.shape) rounded, not circle")
        #expect(rule.text(.key) == "key 'cornerRadius' applies to key 'shape' rounded, not circle")
        let value = UsageError.invalidValue("0", for: options.itemSize.spec, "must be greater than 0")
        #expect(value.message == "The value '0' is invalid for '--item-size <size>': must be greater than 0")
        #expect(
            UsageError.inManifest(path: "m.json", place: "scene 'a'", value).message
                == "m.json: scene 'a': key 'itemSize': the value '0' is invalid: must be greater than 0")
        #expect(
            UsageError.unknownOption("--offest", suggestion: "--offset").message
                == "Unknown option '--offest': did you mean --offset?")
    }
}
