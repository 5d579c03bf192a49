// What a test target that imports AsyncWaitTesting sees besides its
// assertions: the waits and the element queries, as their own modules
// declare them; never their SPI.
@_exported public import AsyncWait
@_exported public import AsyncWaitElements
