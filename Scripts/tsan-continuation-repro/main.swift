// ThreadSanitizer's false positive on a continuation resumed before its task
// has suspended, reproduced without this package.
//
// One task stores an UnsafeContinuation under a lock inside
// withUnsafeContinuation's closure; a thread takes it under the same lock and
// resumes it. The lock and the continuation's own protocol order everything,
// and Swift allows the resume to come before the closure has returned. TSan
// still reports a race between `UnsafeContinuation.resume` and the resumed
// frame in the task allocator, because the runtime's synchronization on that
// path is not visible to it. The timer queue's idle driver, and a wait's
// parking place, use exactly this hand-off.
//
//   Scripts/tsan-continuation-repro.sh

import Foundation

/// The hand-off: a continuation stored and taken under a lock.
final class Handoff: @unchecked Sendable {
  // Safe: `continuation` is read and written only while `lock` is held.
  let lock = NSLock()
  var continuation: UnsafeContinuation<Int, Never>?
}

let handoff = Handoff()
let rounds = 200_000
let resumer = Thread {
  var resumed = 0
  while resumed < rounds {
    handoff.lock.lock()
    let continuation = handoff.continuation
    handoff.continuation = nil
    handoff.lock.unlock()
    if let continuation {
      continuation.resume(returning: resumed)
      resumed += 1
    }
  }
}
resumer.start()
var total = 0
for _ in 0..<rounds {
  total &+= await withUnsafeContinuation { (continuation: UnsafeContinuation<Int, Never>) in
    handoff.lock.lock()
    handoff.continuation = continuation
    handoff.lock.unlock()
  }
}
print("resumed \(rounds) continuations")
