// `import Checks` is all a user's test needs: the report types, the layout model and
// devices, translations, and the text engine come with it.
@_exported import Layout
@_exported import Localization
@_exported import Reports
@_exported import Text
