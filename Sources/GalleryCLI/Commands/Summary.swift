import GalleryCore
import RenderPipeline

/// The `--summary` JSON of a batch run. It is written twice: before anything renders, saying
/// `"interrupted": true` with the scenes planned (what a run ended by a signal, or killed, leaves), and
/// when the run ends, with `"interrupted": false` and what was done.
enum Summary {
    /// The summary of a run that has not ended: nothing done yet, every planned scene "interrupted".
    static func started(_ plan: ManifestPlan, shard: Shard) -> JSONValue {
        let scenes: [JSONValue] = plan.scenes.map { job in
            .object([
                ("name", .string(job.name)), ("frames", .number(Double(job.files.count))),
                ("status", .string("interrupted")), ("errors", .array([])),
            ])
        }
        return .object([
            ("shard", .string(shard.description)), ("interrupted", .bool(true)), ("frames", .array([])),
            ("scenes", .array(scenes)),
            (
                "totals",
                .object([
                    ("scenes", .number(Double(plan.scenes.count))), ("failedScenes", .number(0)),
                    ("frames", .number(0)),
                    ("decodes", .number(0)), ("warnings", .number(0)), ("seconds", .number(0)),
                ])
            ),
        ])
    }

    static func document(_ report: RenderReport, plan: ManifestPlan, shard: Shard) -> JSONValue {
        let frames: [JSONValue] = report.frames.map(frame)
        let scenes: [JSONValue] = report.scenes.map(scene)
        let totals: [(String, JSONValue)] = [
            ("scenes", .number(Double(report.scenes.count))),
            ("failedScenes", .number(Double(report.failedScenes.count))),
            ("frames", .number(Double(report.frames.count))), ("decodes", .number(Double(report.decodeCount))),
            ("warnings", .number(Double(report.problems.count))),
            ("seconds", .number((report.seconds * 1000).rounded() / 1000)),
        ]
        return .object([
            ("shard", .string(shard.description)), ("interrupted", .bool(false)), ("frames", .array(frames)),
            ("scenes", .array(scenes)),
            ("totals", .object(totals)),
        ])
    }

    private static func frame(_ frame: RenderReport.FrameRecord) -> JSONValue {
        .object([
            ("scene", .string(frame.scene)), ("path", .string(frame.output)), ("offset", .number(frame.offset)),
            ("renderedOffset", .number(frame.renderedOffset)),
            ("milliseconds", .number((frame.seconds * 1000).rounded())),
            ("warnings", .array(frame.warnings.map { .string($0.description) })),
        ])
    }

    private static func scene(_ scene: RenderReport.SceneRecord) -> JSONValue {
        let errors: [JSONValue] = scene.failures.map { .string($0.description) }
        return .object([
            ("name", .string(scene.name)), ("frames", .number(Double(scene.frameCount))),
            ("status", .string(scene.failed ? "failed" : "ok")), ("errors", .array(errors)),
        ])
    }
}
