/// The parts of a value, kept in one immutable object that the value's copies share: a value
/// copied often (a text's layout with every size and fitted text, a layout file with every run
/// and fix trial) then retains that object once, where a copy of its parts retained each string
/// and array of them. Changing a part gives the value an object of its own, so the value keeps
/// the semantics of a structure of its parts.
///
/// Inlinable, so that a value of another module reads its parts without a call.
@frozen
public struct SharedParts<Parts: Sendable>: Sendable {
    @usableFromInline
    final class Box: Sendable {
        @usableFromInline let parts: Parts

        @inlinable
        init(_ parts: Parts) {
            self.parts = parts
        }
    }

    @usableFromInline
    var box: Box

    @inlinable
    public init(_ parts: Parts) {
        box = Box(parts)
    }

    /// The parts, read where the shared object keeps them.
    @inlinable
    public var parts: Parts {
        _read { yield box.parts }
    }

    /// Changes the parts: `change` is given a copy of them, which becomes this value's own.
    @inlinable
    public mutating func change(_ change: (inout Parts) -> Void) {
        var parts = box.parts
        change(&parts)
        box = Box(parts)
    }
}

/// Equal where the parts are: at once where the two share their object.
extension SharedParts: Equatable where Parts: Equatable {
    @inlinable
    public static func == (a: SharedParts, b: SharedParts) -> Bool {
        a.box === b.box || a.box.parts == b.box.parts
    }
}

/// Hashed as the parts are.
extension SharedParts: Hashable where Parts: Hashable {
    @inlinable
    public func hash(into hasher: inout Hasher) {
        box.parts.hash(into: &hasher)
    }
}
