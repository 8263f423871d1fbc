// The report writers' shared vocabulary (severities, the SARIF and GitHub annotation
// writers, JSON) lives in Support, which the input readers share; users of the reports get
// it with `import Reports`.
@_exported import Support
