@testable import Cassowary
import TestSupport
import XCTest

/// The tableau's pooled row store keeps every row exactly as a ``Row`` of its own would,
/// through insertions, removals, substitutions (rows growing past their blocks), cells taken
/// out and constants changed, with blocks passed from row to row; and a copy of the store is
/// independent of the original.
final class RowStoreTests: XCTestCase {
    private func randomRow(_ next: (Int) -> Int, symbols: Int) -> Row {
        var row = Row(constant: Double(next(21) - 10))
        for _ in 0..<next(12) {
            row.add(Double(next(9) - 4) / 2, Symbol(id: next(symbols), kind: .slack))
        }
        return row
    }

    private func assertSame(_ store: RowStore, _ rows: [Row?], _ message: String) {
        for id in rows.indices {
            XCTAssertEqual(store.contains(id), rows[id] != nil, message)
            guard let row = rows[id] else { continue }
            XCTAssertEqual(store.constant(of: id).bitPattern, row.constant.bitPattern, message)
            XCTAssertEqual(store.cells(of: id).map(\.symbol.id), row.cells.map(\.symbol.id), message)
            XCTAssertEqual(store.cells(of: id).map(\.coefficient.bitPattern), row.cells.map(\.coefficient.bitPattern), message)
            let copy = store.row(of: id, storage: [])
            XCTAssertEqual(copy.cells.map(\.symbol.id), row.cells.map(\.symbol.id), message)
        }
    }

    func testStoreBehavesLikeRowsOfTheirOwn() {
        let symbols = 60
        var store = RowStore()
        var rows: [Row?] = Array(repeating: nil, count: symbols)
        store.makeRoom(for: symbols - 1)
        var generator = SeededGenerator(seed: 20_251_203)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &generator) }
        var scratch: [Row.Cell] = []
        var ownScratch: [Row.Cell] = []
        var copies: [(RowStore, [Row?])] = []
        for step in 0..<20_000 {
            let id = next(symbols)
            switch next(10) {
            case 0...2:
                if rows[id] == nil {
                    let row = randomRow(next, symbols: symbols)
                    store.insert(row, for: id)
                    rows[id] = row
                } else {
                    store.remove(id)
                    rows[id] = nil
                }
            case 3...5:
                // A substitution: the source is another row, which may be long, so that rows grow.
                guard var row = rows[id], let symbol = row.cells.last?.symbol else { continue }
                var source = randomRow(next, symbols: symbols)
                source.remove(symbol)
                for _ in 0..<next(3) * 8 { source.add(1, Symbol(id: next(symbols), kind: .slack)) }
                source.remove(symbol)
                var added: [Int] = [], dropped: [Int] = []
                var ownAdded: [Int] = [], ownDropped: [Int] = []
                XCTAssertTrue(
                    store.substitute(
                        symbol, with: source, inRowOf: id, scratch: &scratch, added: { added.append($0.id) },
                        dropped: { dropped.append($0.id) }))
                XCTAssertTrue(
                    row.substitute(
                        symbol, with: source.cells, source.cells.indices, constant: source.constant,
                        scratch: &ownScratch, added: { ownAdded.append($0.id) }, dropped: { ownDropped.append($0.id) }))
                XCTAssertEqual(added, ownAdded, "step \(step)")
                XCTAssertEqual(dropped, ownDropped, "step \(step)")
                rows[id] = row
            case 6:
                guard var row = rows[id] else { continue }
                let symbol = Symbol(id: next(symbols), kind: .slack)
                XCTAssertEqual(store.remove(symbol, fromRowOf: id), row.remove(symbol), "step \(step)")
                rows[id] = row
            case 7:
                guard rows[id] != nil else { continue }
                store.addToConstant(of: id, 0.25)
                rows[id]!.constant += 0.25
            case 8:
                guard let row = rows[id] else { continue }
                let symbol = Symbol(id: next(symbols), kind: .slack)
                XCTAssertEqual(store.coefficient(of: symbol, inRowOf: id), row.coefficient(of: symbol), "step \(step)")
            default:
                if next(50) == 0 { copies.append((store, rows)) }
                assertSame(store, rows, "step \(step)")
            }
        }
        // Each copy kept what it held when it was made, whatever the original did since.
        for (copy, rowsThen) in copies {
            assertSame(copy, rowsThen, "copy")
        }
    }
}
