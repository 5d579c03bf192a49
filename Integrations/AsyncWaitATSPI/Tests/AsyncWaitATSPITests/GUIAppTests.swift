import Testing

/// The suites that launch a GTK app, one test at a time across all of them:
/// two apps of thousands of rows searched at once, on a machine of two
/// cores, would make each wait's time the other's.
@Suite(.serialized) enum GUIAppTests {}
