import Foundation

/// Runs blocking work (a connection, a read with a timeout) on a thread of
/// its own and waits for it without blocking: Swift's cooperative pool has
/// only as many threads as the machine has cores, and a call that blocks
/// one of them for seconds holds back every task.
///
/// - Parameters:
///   - name: The thread's name, for a debugger.
///   - work: The blocking work.
/// - Returns: What `work` returns.
/// - Throws: What `work` throws.
func onThreadOfItsOwn<Value: Sendable>(
  _ name: String, _ work: @escaping @Sendable () throws -> Value
) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread { continuation.resume(with: Result { try work() }) }
    thread.name = name
    thread.start()
  }
}
