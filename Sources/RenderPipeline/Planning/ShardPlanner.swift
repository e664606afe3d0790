/// Splits scenes between N machines by cost: deterministic, disjoint, complete and balanced.
///
/// Scenes go largest first (equal costs: in manifest order) to the shard with the least cost so far
/// (ties: the lower shard), which is longest-processing-time list scheduling: no shard ends more
/// than a third above the best split, and in practice within a few per cent of the mean.
public enum ShardPlanner {
    /// The shard (0-based) of each scene, given each scene's cost (frames × pixels, or measured
    /// seconds); a cost that is not a finite number ≥ 0 counts as 0.
    public static func assign(costs: [Double], shards: Int) -> [Int] {
        precondition(shards >= 1)
        let costs = costs.map { $0.isFinite && $0 > 0 ? $0 : 0 }
        let order = costs.indices.sorted { a, b in costs[a] != costs[b] ? costs[a] > costs[b] : a < b }
        var load = [Double](repeating: 0, count: shards)
        var assignment = [Int](repeating: 0, count: costs.count)
        for scene in order {
            let shard = load.indices.min { (load[$0], $0) < (load[$1], $1) } ?? 0
            load[shard] += costs[scene]
            assignment[scene] = shard
        }
        return assignment
    }
}
