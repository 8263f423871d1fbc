import BabelfitCLI
// Linked for its malloc, which replaces glibc's for the whole process.
import CJemalloc
import Foundation

exit(CLI.main(Array(CommandLine.arguments.dropFirst())))
