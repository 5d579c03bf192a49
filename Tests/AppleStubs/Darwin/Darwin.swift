// An empty module named Darwin, for Scripts/check-apple-sources.sh only.
//
// Its presence on the import path is what makes `canImport(Darwin)` true, so
// that the compiler itself selects the Apple-only branches of the sources,
// unmodified. It declares nothing: a Darwin branch that called a Darwin C API
// would fail this check until that declaration is added here, on purpose.
