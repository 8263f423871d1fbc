import Foundation
import Text

/// Measures the text engine: strings of many scripts laid out at several
/// widths and sizes, cold (every run shaped) and warm (served by the cache).
func textBenchmark(fontsFolder: String, repetitions: Int) throws -> [String] {
    let strings: [(String, String)] = [
        ("Número de serie", "es"), ("Numéro de série", "fr"), ("Seriennummer", "de"),
        ("Your changes could not be saved because the network is unavailable", "en"),
        ("الرقم التسلسلي للجهاز", "ar"), ("تعذّر حفظ التغييرات لأن الشبكة غير متوفرة حاليًا", "ar"),
        ("מספר סידורי של המכשיר", "he"), ("הורידו את iPhone 15 Pro עכשיו", "he"),
        ("आपके परिवर्तन सहेजे नहीं जा सके", "hi"), ("ยินดีต้อนรับสู่แอปพลิเคชันของเรา", "th"),
        ("設定を保存しました。もう一度お試しください。", "ja"), ("无法保存您的更改，请稍后再试。", "zh-Hans"),
        ("Настройки конфиденциальности", "ru"), ("Ρυθμίσεις απορρήτου", "el"),
    ]
    let widths: [Double?] = [nil, 55, 120, 240]
    let sizes: [Double] = [14, 17, 23, 40]
    let modes: [(Int, LineBreakMode)] = [(1, .truncateTail), (1, .truncateMiddle), (0, .wordWrap), (2, .truncateTail)]

    func pass(_ engine: TextEngine) throws -> (layouts: Int, seconds: Double) {
        let clock = ContinuousClock()
        var count = 0
        let elapsed = try clock.measure {
            for (text, language) in strings {
                for size in sizes {
                    for width in widths {
                        for (lines, mode) in modes {
                            _ = try engine.layout(text, font: FontRequest(family: SystemFont.family, size: size), language: language,
                                                  options: TextLayoutOptions(width: width, lines: lines, lineBreak: mode))
                            count += 1
                        }
                    }
                }
            }
        }
        return (count, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    var lines: [String] = []
    var coldBest = Double.infinity, warmBest = Double.infinity, layouts = 0
    for _ in 0..<repetitions {
        let engine = try TextEngine(fontsFolder: fontsFolder)
        let cold = try pass(engine)
        let warm = try pass(engine)
        coldBest = min(coldBest, cold.seconds)
        warmBest = min(warmBest, warm.seconds)
        layouts = cold.layouts
    }
    lines.append(String(format: "text: %d layouts of %d strings, first pass %.1f ms (%.0f layouts/s)",
                        layouts, strings.count, coldBest * 1000, Double(layouts) / coldBest))
    lines.append(String(format: "text: same layouts again, from the cache: %.1f ms (%.0f layouts/s)",
                        warmBest * 1000, Double(layouts) / warmBest))
    return lines
}
