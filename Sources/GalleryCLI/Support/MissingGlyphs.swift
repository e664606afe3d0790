import RenderPipeline

extension Console {
    /// Says once when the captions of `scene` have characters its font cannot draw (a box each, as
    /// the contract has it): someone localising should hear which, and that `--font` can fix it.
    /// The first `checkedItems` items' captions are shaped; `place` names the manifest scene, and
    /// `option` and `font` the caption's and the font's options (or keys).
    func missingGlyphs(of scene: Scene, option: String = "--caption", font: String = "--font", place: String = "") {
        guard let captions = scene.captions else { return }
        var missing: [Character] = []
        for index in 0..<min(scene.gallery.itemCount, Self.checkedItems) {
            let text = captions.pattern.caption(index: index, path: scene.photo(forItem: index))
            for character in captions.font.missingCharacters(in: text) where !missing.contains(character) {
                missing.append(character)
            }
        }
        guard !missing.isEmpty else { return }
        let shown = missing.prefix(8).map { "\"\($0)\"" }.joined(separator: ", ")
        let more = missing.count > 8 ? " and \(missing.count - 8) more" : ""
        let name = "\(captions.font.family) \(captions.font.style)"
        warning(
            "\(place)\(option): \(name) has no glyph for \(shown)\(more): each is drawn as a box (\(font) names a font that has them)"
        )
    }

    /// Captions checked for missing glyphs, at most: enough for every pattern's literal text and the
    /// names of a folder of photos, and quick (shaping a short line takes microseconds).
    static let checkedItems = 1000
}
