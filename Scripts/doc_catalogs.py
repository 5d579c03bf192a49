"""The catalogs the docs site is built from, for the scripts that check it
(check-doc-links.py, check-docs-site.py): one list, so that a module added
to the site is checked by both."""
import pathlib

root = pathlib.Path(__file__).resolve().parent.parent

# The site's own pages: the landing page and the articles of no one module.
LANDING = "swift-async-wait"
SITE_CATALOG = root / "Docs" / "SwiftAsyncWait.docc"

# The modules, by name, with their catalogs.
MODULE_CATALOGS = {
    "AsyncWait": root / "Sources" / "AsyncWait" / "AsyncWait.docc",
    "AsyncWaitElements": root / "Sources" / "AsyncWaitElements" / "AsyncWaitElements.docc",
    "AsyncWaitTesting": root / "Sources" / "AsyncWaitTesting" / "AsyncWaitTesting.docc",
    "AsyncWaitBrowser": root / "Sources" / "AsyncWaitBrowser" / "AsyncWaitBrowser.docc",
    "AsyncWaitBrowserTesting": root / "Sources" / "AsyncWaitBrowserTesting" / "AsyncWaitBrowserTesting.docc",
    "AsyncWaitATSPI": root / "Sources" / "AsyncWaitATSPI" / "AsyncWaitATSPI.docc",
}
