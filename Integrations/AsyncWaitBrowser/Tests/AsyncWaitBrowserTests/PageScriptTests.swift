import Testing

@testable import AsyncWaitBrowser

/// The page scripts are JavaScript files the package embeds in the module
/// (`Sources/AsyncWaitBrowser/PageScripts/`); what the Swift code puts in
/// them, or calls them by, is there.
@Suite struct PageScriptTests {
  @Test func theObserverCallsTheBindingThePageAdds() {
    #expect(PageScript.observeChanges.contains("\(BrowserPage.bindingName)(what)"))
  }

  @Test func findHoldsTheIdentityFunctionInPlaceOfItsPlaceholder() {
    #expect(!PageScript.find.contains("IDENTITY"))
    #expect(PageScript.find.contains("const identityOf = function () {"))
    #expect(PageScript.find.hasPrefix("//"))
  }

  /// A placeholder is replaced wherever it is: once, in code, not in a
  /// comment, where a replacement of several lines would end the comment.
  @Test func eachPlaceholderIsInItsScriptOnce() {
    func count(_ placeholder: String, in script: String) -> Int {
      script.components(separatedBy: placeholder).count - 1
    }
    let find = String(decoding: PackageResources.find_js, as: UTF8.self)
    #expect(count("IDENTITY", in: find) == 1)
    #expect(find.contains("const identityOf = IDENTITY;"))
    #expect(count("EVENT_INIT", in: PageScript.dispatchEvent) == 1)
    #expect(PageScript.dispatchEvent.contains("(EVENT_INIT)"))
  }
}
