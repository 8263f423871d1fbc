// The vocabulary shared with the text engine (weights, text styles, content
// sizes, line-break modes, directions, JSON) lives in Support; users of the
// layout engine get it with `import Layout`.
@_exported import Support
