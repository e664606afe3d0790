import Foundation
import Testing
import TestSupport

@testable import GalleryCLI

/// The option tables of docs/options.md are generated from the option declarations; this fails when
/// they drift. `make readme` (GALLERY_UPDATE_README=1) rewrites them on purpose, and the test still
/// fails that run so an update is never silent.
@Suite(.serialized) struct OptionTablesTests {
    static let updating = ProcessInfo.processInfo.environment["GALLERY_UPDATE_README"] == "1"
    static let readme = Corpus.repositoryRoot.appendingPathComponent("docs/options.md")

    @Test(arguments: OptionTable.tables.map(\.name))
    func readmeTableEqualsTheDeclarations(name: String) throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let specs = try #require(OptionTable.tables.first { $0.name == name }).specs
        let generated = try #require(
            OptionTable.replacing(in: text, name: name, with: OptionTable.markdown(specs)),
            "docs/options.md has no '\(OptionTable.beginMarker(name))' … '\(OptionTable.endMarker(name))' markers")
        if generated != text, Self.updating {
            try Data(generated.utf8).write(to: Self.readme, options: .atomic)
            Issue.record("docs/options.md's \(name) table was rewritten from the declarations: review and commit it")
            return
        }
        #expect(generated == text, "docs/options.md's \(name) table differs from the declarations: run make readme")
    }

    @Test func everyDeclaredOptionIsInATable() {
        let tabled = Set(OptionTable.tables.flatMap(\.specs).map(\.name))
        let declared = [
            RenderCommand.spec, LayoutCommand.spec, BatchCommand.spec, CheckCommand.spec, DiffCommand.spec,
            AnimateCommand.spec, MergeReportsCommand.spec,
        ].flatMap(\.options).map(\.name).filter { $0 != "help" }
        #expect(
            Set(declared).subtracting(tabled).isEmpty,
            "options in no table of docs/options.md: \(Set(declared).subtracting(tabled))")
    }

    @Test func aGeneratedRowShowsValuesAndTheLibraryDefault() {
        let table = OptionTable.markdown([SceneOptions.declared.layout.spec, SceneOptions.declared.activeDistance.spec])
        #expect(
            table == """
                | option | meaning | default |
                |---|---|---|
                | `--layout LAYOUT` | The layout the items are drawn in. line: the horizontal carousel; grid: the round-photo grid; flow: a plain UICollectionViewFlowLayout; linear … inverted-time-machine: iCarousel's types; page-…: AnimatedCollectionViewLayout's animators on full-page cards; paging-scale: CollectionViewPagingLayout's scale transforms; compositional: a compositional layout's orthogonal section | line |
                | `--active-distance PT` | line: distance over which items grow | 150 |

                """)
    }
}
