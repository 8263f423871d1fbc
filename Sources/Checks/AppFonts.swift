import Foundation
import Localization
import Reports
import Text

/// The fonts an app bundles, found in its project folder: an app registers the fonts its
/// `Info.plist` names under `UIAppFonts` (Apple: "Adding a custom font to your app"), and
/// labels name them by family or PostScript name with no catalog entry.
///
/// A project folder is a folder given as layouts. Below it (passing over what
/// `Project.projectFiles` passes over), when an `Info.plist` names `UIAppFonts`, the files
/// named there are the app's fonts, matched by their path's end (`Fonts/Brand.ttf` or
/// `Brand.ttf`); a name no file matches is an input error at its line in the `Info.plist`.
/// Without such an `Info.plist`, every `.ttf`, `.otf` and `.ttc` file below it is.
enum AppFonts {
    static func find(in paths: [String], errors: inout [InputError]) -> [String] {
        var result: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { continue }
            let files = Project.projectFiles(below: path, minimumDepth: 0) { name in
                FontCatalog.isFontFile(name) || name == "Info.plist"
            }
            let fonts = files.filter { FontCatalog.isFontFile($0) }
            var named: [String] = []
            var listed = false
            for plist in files where (plist as NSString).lastPathComponent == "Info.plist" {
                do {
                    let names = try InfoPlist.appFonts(path: plist)
                    if !names.isEmpty { listed = true }
                    for entry in names {
                        let matches = fonts.filter { $0.hasSuffix("/" + entry.name) }
                        if matches.isEmpty {
                            errors.append(InputError(file: Project.displayPath(plist), line: entry.location.line,
                                                     column: entry.location.column,
                                                     message: "UIAppFonts names '\(entry.name)', which is not found below \(Project.displayPath(path))"))
                        }
                        named += matches
                    }
                } catch let error as ReadError {
                    errors.append(InputError(file: Project.displayPath(error.file), line: error.line, column: error.column,
                                             message: error.message))
                } catch {
                    errors.append(InputError(file: Project.displayPath(plist), message: "\(error)"))
                }
            }
            result += listed ? named : fonts
        }
        var seen = Set<String>()
        return result.filter { seen.insert($0).inserted }
    }
}
