// The readers shared with other input formats (source locations and their errors, text
// decoding, XML, JSON) and the report writers live in Support; users of the translation
// readers get them with `import Localization`.
@_exported import Support

/// A translation file that could not be read, or could not be read completely: the shared
/// readers' `ReadError`, which names the file, the line and the column where reading stopped.
public typealias LocalizationError = ReadError
