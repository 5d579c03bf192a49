// The README's first example, word for word, so that it keeps compiling and passing.

import AsyncWaitTesting  // the waits, with failures at the wait
import Testing

@MainActor final class Screen { var isLoaded = false }

@MainActor
@Test func loadingFinishes() async throws {
  let screen = Screen()
  Task { screen.isLoaded = true }  // the app's work, on the main actor
  try await requireEventually("the screen loads", timeout: .seconds(2)) {
    screen.isLoaded
  }
}
