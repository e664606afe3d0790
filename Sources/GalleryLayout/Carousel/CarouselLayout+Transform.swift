import CCPU

extension CarouselLayout {
    /// `offsetForItemAtIndex:`: o = index − s, folded once with wrap (o > n/2: o − n; o < −n/2: o + n;
    /// both ±n/2 kept).
    public func offset(ofItem index: Int, scrollOffset: Double, count: Int) -> Double {
        let o = Double(index) - scrollOffset
        guard wraps else { return o }
        let n = Double(count)
        return o > n / 2 ? o - n : o < -n / 2 ? o + n : o
    }

    /// `transformForItemViewWithOffset:` of the item at offset `o`, for `count` items in `viewport`
    /// (the circular types' N_c depends on both).
    public func transform(forOffset o: Double, count: Int, viewport: Size) -> Transform3D {
        transform(forOffset: o, circularCount: circularCount(count: count, viewport: viewport))
    }

    /// The transform with N_c = `places`: the base (identity, m34 = perspective, then translated by
    /// the viewpoint offset's opposite), then the type's operations in the source's order, each
    /// pre-multiplied as `CATransform3DTranslate`/`Rotate` do.
    func transform(forOffset o: Double, circularCount places: Int) -> Transform3D {
        let base = Transform3D.perspective(perspective).translated(x: -viewpointOffset.x, y: -viewpointOffset.y, z: 0)
        let w = itemWidth
        let count = Double(places)
        let sign = type.isInverted ? -1.0 : 1.0
        switch type {
        case .linear:
            return base.translatedAlongAxis(o * w * effectiveSpacing, z: 0, vertical: vertical)
        case .rotary, .invertedRotary:
            let r = sign * (radius ?? defaultRadius(places: count))
            let a = sign * (angle.map(Self.radians) ?? o / count * effectiveArc)
            return base.translatedAlongAxis(r * gr_sin(a), z: r * gr_cos(a) - r, vertical: vertical)
        case .cylinder, .invertedCylinder:
            let r = sign * (radius ?? defaultRadius(places: count))
            let a = sign * (angle.map(Self.radians) ?? o / count * effectiveArc)
            let pushed = base.translated(x: 0, y: 0, z: -r)
            let turned = vertical ? pushed.rotated(by: a, x: -1, y: 0, z: 0) : pushed.rotated(by: a, x: 0, y: 1, z: 0)
            return turned.translated(x: 0, y: 0, z: r + 0.01)
        case .wheel, .invertedWheel:
            let r = sign * (radius ?? defaultRadius(places: count))
            let step = sign * (angle.map(Self.radians) ?? effectiveArc / count)
            if vertical {
                return base.translated(x: -r, y: 0, z: 0).rotated(by: step * o, x: 0, y: 0, z: 1)
                    .translated(x: r, y: 0, z: o * 0.01)
            }
            return base.translated(x: 0, y: r, z: 0).rotated(by: step * o, x: 0, y: 0, z: 1)
                .translated(x: 0, y: -r, z: o * 0.01)
        case .coverflow, .coverflow2:
            return coverflowTransform(forOffset: o, base: base)
        case .timeMachine, .invertedTimeMachine:
            // The inverted type negates the tilt and (here only, not for alpha) the offset.
            let (tau, o) = (sign * effectiveTilt, sign * o)
            return base.translatedAlongAxis(o * w * tau, z: o * w * effectiveSpacing, vertical: vertical)
        }
    }

    /// Cover flow: c = clamp(o, −1, 1) (coverflow2: from its `_toggle`), translated by
    /// ((c·0.5·τ + o·σ)·w, 0, |c|·(−w)·0.5), then turned by (−c)·(π/2)·τ about y (about −x when
    /// vertical), the turn acting on the item first.
    func coverflowTransform(forOffset o: Double, base: Transform3D) -> Transform3D {
        let (tau, sigma, w) = (effectiveTilt, effectiveSpacing, itemWidth)
        let c =
            type == .coverflow2 ? Self.coverflow2Offset(o, toggle: Self.coverflow2Toggle(forOffset: o)) : Self.clamp(o)
        let x = (c * 0.5 * tau + o * sigma) * w
        let z = abs(c) * -w * 0.5
        let phi = -c * (Double.pi / 2) * tau
        if vertical { return base.translated(x: 0, y: x, z: z).rotated(by: phi, x: -1, y: 0, z: 0) }
        return base.translated(x: x, y: 0, z: z).rotated(by: phi, x: 0, y: 1, z: 0)
    }

    /// coverflow2's `_toggle` g as `transformItemView:atIndex:` sets it (its settling branch) just
    /// before the item's own transform, from that item's offset: o > 0: o ≤ 0.5 ? −c : 1 − c;
    /// otherwise o > −0.5 ? −c : −1 − c (c = clamp(o, −1, 1)). The drag-history toggle is out of scope.
    static func coverflow2Toggle(forOffset o: Double) -> Double {
        let c = clamp(o)
        return o > 0 ? (o <= 0.5 ? -c : 1 - c) : (o > -0.5 ? -c : -1 - c)
    }

    /// coverflow2's c for offset `o` and toggle `g` (`transformForItemViewWithOffset:`). With g from
    /// `coverflow2Toggle` it is clamp(o, −1, 1) bit for bit: coverflow2 draws as coverflow.
    static func coverflow2Offset(_ o: Double, toggle g: Double) -> Double {
        if g > 0 {
            if o <= -0.5 { return -1 }
            if o <= 0.5 { return -g }
            if o <= 1.5 { return 1 - g }
        } else {
            if o > 0.5 { return 1 }
            if o > -0.5 { return -g }
            if o > -1.5 { return -1 - g }
        }
        return clamp(o)
    }

    /// `MAX(-1.0, MIN(1.0, o))`.
    static func clamp(_ o: Double) -> Double { max(-1, min(1, o)) }

    /// `alphaForItemWithOffset:` of the true offset o (the inverted time machine's is not negated):
    /// f = o − fadeMax above fadeMax, fadeMin − o below fadeMin, else 0;
    /// alpha = 1 − (min(f, range)/range)·(1 − fadeMinAlpha). Within 0…1 for valid options.
    public func alpha(forOffset o: Double) -> Double {
        let (fadeMin, fadeMax, range) = (effectiveFadeMin, effectiveFadeMax, effectiveFadeRange)
        let factor = o > fadeMax ? o - fadeMax : o < fadeMin ? fadeMin - o : 0
        return 1 - min(factor, range) / range * (1 - effectiveFadeMinAlpha)
    }
}

extension Transform3D {
    /// Translated by `along` on the scroll axis (x, or y when `vertical`) and by `z` in depth.
    fileprivate func translatedAlongAxis(_ along: Double, z: Double, vertical: Bool) -> Transform3D {
        vertical ? translated(x: 0, y: along, z: z) : translated(x: along, y: 0, z: z)
    }
}
