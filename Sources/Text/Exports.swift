// The typography vocabulary (weights, text styles, content sizes, line-break
// modes, directions) lives in Support, shared with the layout engine; users of
// the text engine get it with `import Text`.
@_exported import Support
