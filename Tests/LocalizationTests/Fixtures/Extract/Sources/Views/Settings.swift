import SwiftUI

struct SettingsView: View {
    let name: String

    var body: some View {
        VStack {
            Text("Welcome")
            Text("welcome.subtitle", tableName: "Settings", comment: "Below the title")
            Text(verbatim: "Not localized")
            Text(name)
            Text("Hi \(name)")
            Label(LocalizedStringKey("label.key"), systemImage: "star")
            SwiftUI.Text("qualified.text")
        }
        .navigationTitle(String(localized: "settings.title", defaultValue: "Settings", table: "Settings",
                                comment: "Settings screen title"))
    }

    let plain = String(localized: "settings.plain", table: "Settings")
    let keyOnly = String(localized: "String default")
    let resource = LocalizedStringResource("resource.key", defaultValue: "Resource", comment: "A resource")
    let formatted = String(format: "not %@ a key", "x")
    let viaInit = String.init(localized: "init.form", comment: "Through .init")
    let dynamicKey = String(localized: String.LocalizationValue(name))
}
