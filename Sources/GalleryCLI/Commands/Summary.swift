import RenderPipeline

/// The `--summary` JSON of a batch run.
enum Summary {
    static func document(_ report: BatchReport, plan: ManifestPlan, shard: Shard) -> JSONValue {
        .object([
            ("shard", .string(shard.description)),
            (
                "frames",
                .array(
                    report.frames.map { frame in
                        .object([
                            ("scene", .string(frame.scene)), ("path", .string(frame.output)),
                            ("offset", .number(frame.offset)),
                            ("renderedOffset", .number(frame.renderedOffset)),
                            ("milliseconds", .number((frame.seconds * 1000).rounded())),
                            ("warnings", .array(frame.warnings.map(JSONValue.string))),
                        ])
                    })
            ),
            (
                "scenes",
                .array(
                    report.scenes.map { scene in
                        .object([
                            ("name", .string(scene.name)), ("frames", .number(Double(scene.frameCount))),
                            ("status", .string(scene.failure == nil ? "ok" : "failed")),
                            ("errors", .array((scene.failure ?? []).map(JSONValue.string))),
                        ])
                    })
            ),
            (
                "totals",
                .object([
                    ("scenes", .number(Double(report.scenes.count))),
                    ("failedScenes", .number(Double(report.failedScenes.count))),
                    ("frames", .number(Double(report.frames.count))), ("decodes", .number(Double(report.decodeCount))),
                    ("warnings", .number(Double(report.problems.count))),
                    ("seconds", .number((report.seconds * 1000).rounded() / 1000)),
                ])
            ),
        ])
    }
}
