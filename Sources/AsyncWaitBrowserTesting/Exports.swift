// What a test target that imports AsyncWaitBrowserTesting sees besides the
// trait and the XCTest conformance: the browser, the waits, the element
// queries and the assertions, as their own modules declare them; never
// their SPI.
@_exported public import AsyncWaitBrowser
@_exported public import AsyncWaitTesting
