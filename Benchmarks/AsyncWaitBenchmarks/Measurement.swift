/// One figure of one contender for one metric.
struct Measurement: Sendable {
  var metric: String
  var contender: String
  var unit: String
  var median: Double
  var p90: Double?
  /// A figure that puts the median in context, such as its share of the interval.
  var note: String?

  init(metric: String, contender: String, unit: String, samples: Samples, note: String? = nil) {
    self.metric = metric
    self.contender = contender
    self.unit = unit
    self.median = samples.median
    self.p90 = samples.p90
    self.note = note
  }

  init(metric: String, contender: String, unit: String, value: Double, note: String? = nil) {
    self.metric = metric
    self.contender = contender
    self.unit = unit
    self.median = value
    self.p90 = nil
    self.note = note
  }
}
