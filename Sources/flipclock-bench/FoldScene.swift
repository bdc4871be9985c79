import FlipClockCore

/// The fold's benchmark: the bench scene's row of cards, cut across the whole screen as the
/// loop would fold it away, posed at 20 openness values in each of the three fold states.
struct FoldScene {
    let row: Canvas
    /// The row's ``AlikeRows``, worked out once as ``RowChange`` does for its rows.
    let alike: AlikeRows
    let rect: DamageRect
    let folds: [PaperFold]
    let background: UInt32
    let lighting: CardLighting

    init(_ scene: BenchScene) throws {
        var face = scene.renderer()
        _ = try face.draw(BenchScene.from.map(CardPicture.resting))
        let card = scene.layout.slots[0].rect
        let rect = DamageRect(x: 0, y: card.y, width: BenchScene.width, height: card.height)
        self.rect = rect
        row = face.canvas.cropped(to: rect)
        alike = AlikeRows(row)
        background = face.canvas[0, 0]
        lighting = face.lighting
        let openness = (0..<20).map { Double($0 + 1) / 21 }
        folds = [PaperFold.State.foldBack, .pinch, .foldUp].flatMap { state in
            openness.map {
                PaperFold(
                    x: Double(rect.x), top: Double(rect.y), width: Double(rect.width), height: Double(rect.height),
                    vanishingX: scene.layout.vanishingX, eyeDistance: scene.configuration.perspective * Double(card.height),
                    openness: $0, state: state
                )
            }
        }
    }

    func canvas() -> Canvas { Canvas(width: BenchScene.width, height: BenchScene.height, fill: background) }
}

extension Bench {
    /// One folded row frame against a memcpy of the row's flat area, in the same process:
    /// the six cards' row cut across the whole screen, as the loop would fold it away.
    static func measureFold(_ scene: BenchScene, rounds: Int) throws -> (frames: Int, fold: Double, copy: Double, ratio: Double) {
        let folding = try FoldScene(scene)
        var canvas = folding.canvas()
        let source = folding.canvas()
        var target = canvas
        var renderer = FoldRenderer(lighting: folding.lighting)
        let row = folding.row, rect = folding.rect, folds = folding.folds
        let t = interleaved(folds, rounds: rounds) {
            renderer.draw(row, fold: $0, into: &canvas, clip: canvas.bounds, alike: folding.alike)
        } reference: {
            copyRow(rect, from: source, to: &target)
        }
        return (folds.count, t.ours, t.reference, t.ratio)
    }

    /// The fold's table (`--fold` prints only it).
    static func printFold(_ fold: (frames: Int, fold: Double, copy: Double, ratio: Double)) {
        print("the row of cards (1920x360) folding, \(fold.frames) openness values 0…1 in each fold state, interleaved:")
        print("")
        print("| method | median ms/frame | ratio |")
        print("|---|---|---|")
        print("| fold (FoldRenderer, both halves) | \(format(fold.fold * 1000, 3)) | 1 |")
        print("| memcpy of the flat row | \(format(fold.copy * 1000, 3)) | fold = \(format(fold.ratio, 2))× |")
    }
}
