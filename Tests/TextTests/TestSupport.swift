import Foundation
import TestSupport
import Text
import XCTest

/// Paths of the checkout the tests run in.
enum Repository {
    static let root: URL = PackageRoot.url

    static var fonts: String { PackageRoot.fonts }

    static func fixture(_ name: String) -> URL {
        root.appendingPathComponent("Tests/TextTests/Fixtures").appendingPathComponent(name)
    }

    /// Reads a fixture, failing the test loudly when it is missing.
    static func fixtureData(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Data {
        let url = fixture(name)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            XCTFail("fixture \(url.path) is missing", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        return data
    }
}

/// One engine for all text tests: the bundled fonts must be there, or every test fails.
enum SharedEngine {
    static let result: Result<TextEngine, Error> = Result { try TextEngine(fontsFolder: Repository.fonts) }

    static func get() throws -> TextEngine {
        try result.get()
    }
}

extension FontRequest {
    static func noto(_ size: Double = 17, _ weight: FontWeight = .regular) -> FontRequest {
        FontRequest(family: "Noto Sans", size: size, weight: weight)
    }
}
