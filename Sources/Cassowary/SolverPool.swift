#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The storage of the last solver let go of, kept for the next solver made.
///
/// A solver's tableau is some forty arrays indexed by symbol number or holding its rows, and a
/// new solver grows every one of them from nothing: for a typical screen (some 800 symbols)
/// each is allocated twice, filled with what stands for no row or no cost, copied once, and
/// freed with the solver, which is a good part of the work of solving the screen. Layouts are
/// solved one solver after another, so the solver let go of hands its storage, emptied
/// (``SolverImpl/clearForReuse()``: every slot of a symbol it made set back, the rest left as
/// it is), to the next one made, whose arrays then need no growing. A solver that had more
/// than ``symbolLimit`` symbols is not kept, so that one large system does not hold its memory
/// for good. The pool holds one solver's storage, behind a lock: threads that make solvers
/// take turns with it.
enum SolverPool {
    /// The most symbols the tableau of a solver kept may have had.
    static let symbolLimit = 1 << 13

    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
        return lock
    }()

    nonisolated(unsafe) private static var kept: SolverImpl?

    /// The storage kept, emptied, if there is some; the pool is then empty.
    static func take() -> SolverImpl? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        var taken: SolverImpl?
        swap(&taken, &kept)
        return taken
    }

    /// Keeps the storage of `impl`, emptied, unless the pool holds some already or `impl` is
    /// too large; otherwise it is freed.
    static func give(_ impl: consuming SolverImpl) {
        guard impl.symbolCount <= symbolLimit else { return }
        var cleared: SolverImpl? = consume impl
        cleared!.clearForReuse()
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if kept == nil { swap(&cleared, &kept) }
    }
}
