import Foundation

struct App {
    let key = "computed"

    func texts() -> [String] {
        [
            NSLocalizedString("title", comment: "The first screen's title"),
            NSLocalizedString("OK", comment: "Confirms"),
            String(format: NSLocalizedString("count", comment: "A number alone"), 3),
            NSLocalizedString("email", comment: "The field's label"),
            NSLocalizedString("missing.key", comment: "Not in any table"),
            NSLocalizedString("missing.key", comment: "Used twice"),
            NSLocalizedString("brand.name", tableName: "Catalog", comment: "Never translated"),
            NSLocalizedString("catalog.used", tableName: "Catalog", comment: "Done button"),
            NSLocalizedString("title", tableName: "Other", comment: "A table nobody has"),
            NSLocalizedString(key, comment: "A key extraction cannot see"),
        ]
    }
}
