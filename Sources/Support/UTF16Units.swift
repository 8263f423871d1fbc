extension String {
    /// The UTF-16 units of the string, as `Array(utf16)` gives them, transcoded straight from its
    /// UTF-8 (always valid). `Array(utf16)` copies the UTF-16 view unit by unit through its index,
    /// and a native string that is not ASCII builds breadcrumbs for that (its UTF-16 offsets every
    /// 64 units) which stay with its storage for as long as the string lives: a translation's
    /// text lives for the whole check, so its breadcrumbs did too (9.5 MB of a 2,000-layout
    /// project's). Every string turned into UTF-16 for ICU, HarfBuzz or the bidi rules is turned
    /// here. Written into an array made by `filled` and cut to its units
    /// (`Array(unsafeUninitializedCapacity:)` looks the storage class's metadata up anew for
    /// every array, as `Array.filled` tells).
    public var utf16Units: [UInt16] {
        var text = self
        return text.withUTF8 { bytes in
            // No more units than bytes: a sequence of n bytes makes one unit, or two for four bytes.
            var array = [UInt16].filled(with: 0, count: bytes.count)
            var count = 0
            array.withUnsafeMutableBufferPointer { units in
                var index = 0
                while index < bytes.count {
                    let lead = UInt32(bytes[index])
                    var scalar: UInt32
                    switch lead {
                    case ..<0x80:
                        scalar = lead
                        index += 1
                    case ..<0xE0:
                        scalar = (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                        index += 2
                    case ..<0xF0:
                        scalar = (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                        index += 3
                    default:
                        scalar = (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                            | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
                        index += 4
                    }
                    if scalar >= 0x10000 {
                        scalar -= 0x10000
                        units[count] = UInt16(truncatingIfNeeded: 0xD800 + (scalar >> 10))
                        units[count + 1] = UInt16(truncatingIfNeeded: 0xDC00 + (scalar & 0x3FF))
                        count += 2
                    } else {
                        units[count] = UInt16(truncatingIfNeeded: scalar)
                        count += 1
                    }
                }
            }
            array.removeLast(array.count - count)
            return array
        }
    }
}
