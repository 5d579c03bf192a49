@_spi(Tests) import AsyncWait
import Testing

/// `Duration.shortDescription` (Internal/Duration+Saturating.swift), the
/// unit every failure prints a duration in.
@Suite struct DurationDescriptionTests {
  @Test(arguments: [
    (Duration.seconds(2), "2 s"),
    (.milliseconds(2500), "2.5 s"),
    (.milliseconds(100), "100 ms"),
    (.microseconds(1250), "1.25 ms"),
    (.nanoseconds(1250), "1.25 µs"),
    (.nanoseconds(3), "3 ns"),
    (.zero, "0 ns"),
    (.seconds(-1), "-1 s"),
    (.seconds(86_400), "86400 s"),
  ])
  func shortDescriptionPicksAReadableUnit(duration: Duration, expected: String) {
    #expect(duration.shortDescription == expected)
  }

  @Test func shortDescriptionOfTheLargestDurationsDoesNotTrap() {
    #expect(Duration.seconds(Int64.max).shortDescription.hasSuffix(" s"))
    #expect(Duration.seconds(Int64.min).shortDescription.hasSuffix(" s"))
  }
}
