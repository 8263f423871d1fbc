import Foundation

extension Array {
    /// `count` copies of `value`, the array `Array(repeating:count:)` makes, made by copying
    /// `repeatElement(value, count:)`: the standard library makes the former's storage in a
    /// function it does not specialise, which looks the storage class's metadata up anew for
    /// every array (about 700 instructions), and measuring a text makes several arrays of
    /// each paragraph's length. A copied collection's storage is made in specialised code,
    /// its metadata cached. Inlinable, so that every module's calls are specialised as the
    /// text engine's were when this lived in it.
    @inlinable
    public static func filled(with value: Element, count: Int) -> [Element] {
        Array(repeatElement(value, count: count))
    }

    /// `filled(with:count:)` in the storage of `storage` when it holds `count` elements: taken
    /// from it (left empty), cut or grown to `count` and filled, with no allocation; else in new
    /// storage. The elements it keeps are overwritten through its buffer: emptying it and
    /// appending `count` copies went element by element through the generic append of a
    /// sequence, about 250 instructions for an array of a paragraph's length.
    @inlinable
    public static func filled(with value: Element, count: Int, reusing storage: inout [Element]) -> [Element] {
        guard storage.capacity >= count else { return filled(with: value, count: count) }
        var array: [Element] = []
        swap(&array, &storage)
        if array.count > count {
            array.removeLast(array.count - count)
        }
        array.withUnsafeMutableBufferPointer { $0.update(repeating: value) }
        if array.count < count {
            array.append(contentsOf: repeatElement(value, count: count - array.count))
        }
        return array
    }
}

extension Array where Element: BitwiseCopyable {
    /// Whether the two arrays hold the same elements bit for bit, compared as memory
    /// (`memcmp`): `==` compares element by element, some ten instructions each, and a layout
    /// structure's skeleton, compared whole, is a thousand words and more.
    @inlinable
    public func sameBits(as other: [Element]) -> Bool {
        guard count == other.count else { return false }
        return withUnsafeBytes { first in
            other.withUnsafeBytes { second in
                first.isEmpty || memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0
            }
        }
    }
}
