import Foundation

/// The size of an image file in points, for an image view whose layout gives no `size`: the
/// pixel size from a PNG's or JPEG's header, divided by the scale that an `@2x` or `@3x`
/// suffix of the file name declares (as UIImage reads it; 1 without a suffix).
public enum ImageFile {
    /// The size in points, or nil when the file cannot be read, is neither PNG nor JPEG, or has
    /// no size (0 pixels wide or high: UIImage reads no image from it). A FIFO or device is not
    /// read (it would wait forever).
    public static func size(path: String) -> Size? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        guard let data = FileManager.default.contents(atPath: path), let pixels = pixelSize(Array(data)) else {
            return nil
        }
        let scale = self.scale(fileName: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
        return Size(width: pixels.width / scale, height: pixels.height / scale)
    }

    /// `icon@2x` → 2, `icon@3x` → 3, anything else → 1.
    static func scale(fileName: String) -> Double {
        for scale in [2, 3] where fileName.hasSuffix("@\(scale)x") {
            return Double(scale)
        }
        return 1
    }

    /// Width and height in pixels from a PNG (IHDR) or JPEG (first SOF segment) header; nil for
    /// an image of no size.
    static func pixelSize(_ bytes: [UInt8]) -> Size? {
        guard let size = headerSize(bytes), size.width > 0, size.height > 0 else { return nil }
        return size
    }

    private static func headerSize(_ bytes: [UInt8]) -> Size? {
        func bigEndian(_ offset: Int, _ count: Int) -> Int? {
            guard offset >= 0, offset + count <= bytes.count else { return nil }
            return bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
        }
        let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if bytes.starts(with: pngSignature) {
            guard let width = bigEndian(16, 4), let height = bigEndian(20, 4) else { return nil }
            return Size(width: Double(width), height: Double(height))
        }
        guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
        // JPEG: walk the segments to a start-of-frame marker (C0…CF but C4, C8, CC).
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1
                continue
            }
            guard let length = bigEndian(offset + 2, 2), length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard let height = bigEndian(offset + 5, 2), let width = bigEndian(offset + 7, 2) else { return nil }
                return Size(width: Double(width), height: Double(height))
            }
            offset += 2 + length
        }
        return nil
    }
}

extension LayoutDocument {
    /// The sizes of the images of the image views (and buttons' images) that give no `size`,
    /// by view id, for `LayoutContext.imageSizes`: an image file's (`source` is relative to
    /// `directory`, the layout file's folder; files that cannot be read are left out), and a
    /// system symbol's at the default content size (L).
    public func imageSizes(relativeTo directory: String) -> [String: Size] {
        imageSizes(relativeTo: directory, contentSize: .default)
    }

    /// The same, with system symbols sized at `contentSize`: a symbol configured with a text
    /// style takes that style's size there (`SystemSymbol`).
    public func imageSizes(relativeTo directory: String, contentSize: ContentSize) -> [String: Size] {
        var sizes = symbolSizes(at: contentSize)
        for view in allViews {
            guard let image = view.kind.image, image.size == nil, image.systemName == nil, let source = image.source
            else { continue }
            let path = source.hasPrefix("/") ? source : URL(fileURLWithPath: directory).appendingPathComponent(source).path
            sizes[view.id] = ImageFile.size(path: path)
        }
        return sizes
    }

    /// The sizes of the system symbols that give no `size`, by view id, at a content size: what
    /// a run at that content size takes in place of the sizes read once per layout.
    public func symbolSizes(at contentSize: ContentSize) -> [String: Size] {
        var sizes: [String: Size] = [:]
        for view in allViews {
            guard let image = view.kind.image, image.size == nil, let symbol = image.symbolSize(at: contentSize) else { continue }
            sizes[view.id] = symbol
        }
        return sizes
    }
}
