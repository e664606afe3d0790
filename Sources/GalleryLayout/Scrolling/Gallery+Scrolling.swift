extension Gallery {
    /// How a scroll ends when the finger lifts inside the range: UIScrollView's deceleration, bent onto
    /// the line's snap target, or its paging.
    public enum ReleaseRule: Sendable, Hashable {
        case free(DecelerationRate)
        case snap(DecelerationRate)
        case paging
    }

    /// P, a page (`isPagingEnabled`): the viewport's extent along the scroll axis.
    public var pageLength: Double {
        switch style {
        case .line, .page, .compositional: viewport.width
        case .grid, .flow: viewport.height
        case .carousel(let carousel): carousel.vertical ? viewport.height : viewport.width
        }
    }

    /// Where a paging scroll released at `offset` with `velocity` comes to rest: a whole number of
    /// pages, one page at most from where it was lifted (`PagingSpring.target`), clamped to the
    /// scrollable range. With a content inset (a safe area) the pages still sit at k·P, as the
    /// contract writes and UIKit pages (its pages ignore the inset): the range's start, −top, is a
    /// rest only by the clamp.
    public func paged(_ offset: Double, velocity: Double = 0) -> Double {
        PagingSpring.target(from: offset, velocity: velocity, page: pageLength, range: scrollableRange)
    }

    /// What follows a lift at `offset` with `velocity`: past an edge, the spring back to it; inside the
    /// range, a fling under `rule`.
    public func release(at offset: Double, velocity: Double, rule: ReleaseRule) -> Scroll.Release {
        let range = scrollableRange
        if offset > range.upperBound || offset < range.lowerBound {
            let edge = offset > range.upperBound ? range.upperBound : range.lowerBound
            return .springBack(RubberBand.SpringBack(edge: edge, overshoot: offset - edge, velocity: velocity))
        }
        if case .compositional(let section) = style {
            return release(of: section, at: offset, velocity: velocity)
        }
        switch rule {
        case .free(let deceleration):
            return .fling(Fling(from: offset, velocity: velocity, deceleration: deceleration, range: range))
        case .snap(let deceleration):
            let target = snapped(offset, velocity: velocity, deceleration: deceleration)
            return .fling(
                Fling(from: offset, velocity: velocity, deceleration: deceleration, range: range, target: target))
        case .paging:
            return .paging(PagingSpring(from: offset, velocity: velocity, target: paged(offset, velocity: velocity)))
        }
    }

    /// An orthogonal section's release under its scrolling behaviour: a free fling at the normal rate
    /// (`.continuous`), bent onto the nearest group leading edge (`.continuousGroupLeadingBoundary`),
    /// the paging spring (`.paging`), or bent at the fast rate onto the group one flick away
    /// (`.groupPaging`, `.groupPagingCentered`).
    private func release(of section: CompositionalLayout, at offset: Double, velocity: Double) -> Scroll.Release {
        let range = scrollableRange
        switch section.scrolling {
        case .continuous:
            return .fling(Fling(from: offset, velocity: velocity, deceleration: .normal, range: range))
        case .continuousGroupLeadingBoundary:
            let end = Fling(from: offset, velocity: velocity, deceleration: .normal, range: -.infinity...(.infinity))
                .end
            let target = section.leadingBoundary(of: end, viewport: viewport, range: range)
            return .fling(Fling(from: offset, velocity: velocity, deceleration: .normal, range: range, target: target))
        case .paging:
            return .paging(PagingSpring(from: offset, velocity: velocity, target: paged(offset, velocity: velocity)))
        case .groupPaging, .groupPagingCentered:
            let target = section.groupTarget(from: offset, velocity: velocity, viewport: viewport, range: range)
            return .fling(Fling(from: offset, velocity: velocity, deceleration: .fast, range: range, target: target))
        }
    }

    /// A drag of the content by `distance` points from `offset` (clamped) over `duration` seconds, the
    /// finger lifting at `velocity` (nil: the drag's own speed), then the release under `rule`.
    public func drag(
        from offset: Double, distance: Double, duration: Double, velocity: Double?, rule: ReleaseRule
    ) -> Scroll {
        var bounded = self
        bounded.allowsOverscroll = false
        let drag = Scroll.Drag(
            start: bounded.clamped(offset), distance: distance, duration: duration, range: scrollableRange,
            extent: pageLength)
        let lift = drag.offset(at: duration)
        let speed = velocity ?? (duration > 0 ? distance / duration : 0)
        return Scroll(drag: drag, release: release(at: lift, velocity: speed, rule: rule))
    }
}
