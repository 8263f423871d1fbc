import BabelfitCLI
// Linked for its malloc, which replaces glibc's for the whole process.
import CJemalloc
import Foundation

// jemalloc gives the pages freed to it back to the system after `dirty_decay_ms`, 10 s unless
// configured. A check frees as it goes (each run's texts, each finished layout's sessions), and
// with 10 s its peak held those pages as well: 368 MB for the 48,000 runs of the bench's
// ten-times corpus, 355 MB with 1 s, the system time the same (5.5 s). Set for the arenas made
// from now on (the workers') and for the main thread's, before any worker starts;
// `MALLOC_CONF=dirty_decay_ms:…` is overridden.
var decay = 1000
for name in ["arenas.dirty_decay_ms", "arena.0.dirty_decay_ms"] {
    _ = mallctl(name, nil, nil, &decay, MemoryLayout<Int>.size)
}

// The process ends when the command returns: what it made is not freed first.
CLI.endsProcess = true
exit(CLI.main(Array(CommandLine.arguments.dropFirst())))
