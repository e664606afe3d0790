/// Splits scenes between N machines: deterministic, disjoint, complete, balanced by frame count,
/// and stable when scenes are appended.
///
/// Scenes are taken in manifest order and each goes to the shard with the fewest frames so far
/// (ties to the lowest shard). A scene's shard depends only on the scenes before it, so appending
/// scenes never moves an existing one.
public enum ShardPlanner {
    /// The shard (0-based) of each scene, given each scene's frame count.
    public static func assign(frameCounts: [Int], shards: Int) -> [Int] {
        precondition(shards >= 1)
        var load = [Int](repeating: 0, count: shards)
        return frameCounts.map { frames in
            let shard = load.indices.min { (load[$0], $0) < (load[$1], $1) } ?? 0
            load[shard] += max(frames, 1)
            return shard
        }
    }
}
