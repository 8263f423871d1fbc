#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutual-exclusion lock for sections of a few hundred instructions (a cache's lookup or
/// insertion) that threads enter often: a thread that finds it taken tries again a few
/// times before it sleeps. With `NSLock`, a thread that met the other one in a text engine's
/// cache went to sleep in the kernel and was woken a while after the section ended: about
/// 20,000 such sleeps in a check of 4,800 runs on 2 cores, a twentieth of the time on the
/// clock. Retrying up to 1,000 times (tens of microseconds at most) left 1,400 context switches
/// in that check, where 100 left about 4,000. Not recursive; `unlock` only from the thread
/// that locked.
public final class BriefLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Attempts before sleeping: a section this lock guards ends within them.
    private static let attempts = 1000

    public init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    public func lock() {
        if pthread_mutex_trylock(mutex) == 0 { return }
        for _ in 1..<BriefLock.attempts where pthread_mutex_trylock(mutex) == 0 { return }
        pthread_mutex_lock(mutex)
    }

    public func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Unlocks, then lets `freed` go: what was taken under the lock to be freed outside it,
    /// such as the generation a `RecentCache` let go (`RecentCache.takeDropped()`). Freeing a
    /// generation (hundreds of laid-out texts) under the lock kept every other thread that
    /// wanted it waiting.
    @inlinable
    public func unlock<Freed>(freeing freed: consuming Freed) {
        unlock()
        withExtendedLifetime(freed) {}
    }
}
