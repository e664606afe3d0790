import RenderPipeline

/// The `--summary` JSON of a batch run.
enum Summary {
    static func document(_ report: BatchReport, plan: ManifestPlan, shard: Shard) -> JSONValue {
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
            ("shard", .string(shard.description)), ("frames", .array(frames)), ("scenes", .array(scenes)),
            ("totals", .object(totals)),
        ])
    }

    private static func frame(_ frame: BatchReport.FrameRecord) -> JSONValue {
        .object([
            ("scene", .string(frame.scene)), ("path", .string(frame.output)), ("offset", .number(frame.offset)),
            ("renderedOffset", .number(frame.renderedOffset)),
            ("milliseconds", .number((frame.seconds * 1000).rounded())),
            ("warnings", .array(frame.warnings.map { .string($0.description) })),
        ])
    }

    private static func scene(_ scene: BatchReport.SceneRecord) -> JSONValue {
        let errors: [JSONValue] = scene.failures.map { .string($0.description) }
        return .object([
            ("name", .string(scene.name)), ("frames", .number(Double(scene.frameCount))),
            ("status", .string(scene.failed ? "failed" : "ok")), ("errors", .array(errors)),
        ])
    }
}
