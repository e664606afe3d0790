/// `--paging-preset`: ScaleTransformView's options as `ScaleTransformViewOptions+Layout.swift`
/// (commit 5b40724) sets them per layout, each listing only what it changes from the defaults;
/// `default` is the options' own defaults (not a case of the source's enum).
public enum ScalePreset: String, Sendable, Hashable, CaseIterable {
    case `default`
    case linear
    case easeIn = "ease-in"
    /// The source's "easeOut" layout: its translation curve is easeIn (sic); no preset uses easeOut.
    case easeOut = "ease-out"
    case blur
    case rotary
    case cylinder
    case invertedCylinder = "inverted-cylinder"
    case coverFlow = "cover-flow"

    /// The preset's options.
    public var transform: ScaleTransform {
        var o = ScaleTransform()
        switch self {
        case .default: break
        case .linear, .blur:
            (o.minScale, o.scaleRatio, o.translationRatio) = (0.6, 0.4, .init(0.66, 0.2))
            o.maxTranslationRatio = .init(2, 0)
            if self == .blur { o.blurRatio = 0.2 }
        case .easeIn, .easeOut:
            (o.minScale, o.scaleRatio, o.translationRatio) = (0.6, 0.4, .init(0.66, 0.2))
            if self == .easeIn { o.scaleCurve = .easeIn } else { o.translationCurve = .easeIn }
        case .rotary:
            (o.minScale, o.scaleRatio, o.translationRatio) = (0, 0.4, .init(0.1, 0.1))
            (o.minTranslationRatio, o.maxTranslationRatio) = (.init(-1, 0), .init(1, 1))
            o.rotation = .init(
                angle: .pi / 15, minAngle: -.pi / 3, maxAngle: .pi / 3, axis: .init(0, 0, 1), m34: -0.004)
            o.translation = .init(ratios: [0.9, 0.1, 0], minRatios: [-3, -0.8, -0.3], maxRatios: [3, 0.8, -0.3])
        case .cylinder, .invertedCylinder, .coverFlow:
            o = fixedScale
        }
        return o
    }

    /// The three presets that hold the scale and the 2D translation fixed and turn the card.
    private var fixedScale: ScaleTransform {
        var o = ScaleTransform()
        (o.scaleRatio, o.translationRatio) = (0, .init(0, 0))
        (o.minTranslationRatio, o.maxTranslationRatio) = (.init(0, 0), .init(0, 0))
        switch self {
        case .cylinder:
            (o.minScale, o.maxScale, o.shadow) = (0.55, 0.55, nil)
            o.rotation = .init(
                angle: .pi / 4, minAngle: -.pi, maxAngle: .pi, axis: .init(0, 1, 0), m34: -0.000_4 - 0.8 * 0.000_2)
            o.translation = .init(ratios: [0, 0, 0], minRatios: [0, 0, 1.25], maxRatios: [0, 0, 1.25])
        case .invertedCylinder:
            (o.minScale, o.maxScale, o.shadow) = (1.2, 1.2, nil)
            o.rotation = .init(angle: .pi / 3, minAngle: -.pi, maxAngle: .pi, axis: .init(0, -1, 0), m34: -0.002)
            o.translation = .init(ratios: [0.1, 0, 0], minRatios: [-0.05, 0, 0.86], maxRatios: [0.05, 0, -0.86])
        default:
            (o.minScale, o.maxScale) = (0.7, 0.7)
            o.rotation = .init(
                angle: .pi / 1.65, minAngle: -.pi / 3, maxAngle: .pi / 3, axis: .init(0, -1, 0), m34: -0.000_5)
            o.translation = .init(ratios: [0.1, 0, -0.7], minRatios: [-0.1, 0, -3], maxRatios: [0.1, 0, 0])
        }
        return o
    }
}
