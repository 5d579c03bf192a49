"""A GTK 3 app of N rows, for the AT-SPI bench.

Usage: python3 rows_app.py APP-NAME ROWS

Each row holds a label "Row i" and a button "Open" with the accessible id
"open-i" (i from 0). The button "Add row" (id "add-row") appends a row
whose label is "Added k", the change the bench's last row waits for.
"""

import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402


def identify(widget, identifier):
    widget.get_accessible().set_accessible_id(identifier)
    return widget


class RowsWindow(Gtk.Window):
    def __init__(self, count):
        super().__init__(title="Rows")
        self.set_default_size(320, 480)
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=2)
        self.add(box)
        self.add_button = identify(Gtk.Button(label="Add row"), "add-row")
        self.add_button.connect("clicked", self.on_add)
        box.pack_start(self.add_button, False, False, 0)
        scrolled = Gtk.ScrolledWindow()
        box.pack_start(scrolled, True, True, 0)
        self.rows = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=0)
        scrolled.add(self.rows)
        for number in range(count):
            self.append(f"Row {number}", f"open-{number}")
        self.added = 0
        self.connect("destroy", Gtk.main_quit)

    def append(self, text, identifier):
        row = Gtk.Box(orientation=Gtk.Orientation.HORIZONTAL, spacing=4)
        row.pack_start(Gtk.Label(label=text), False, False, 0)
        row.pack_start(identify(Gtk.Button(label="Open"), identifier), False, False, 0)
        self.rows.pack_start(row, False, False, 0)
        row.show_all()

    def on_add(self, _button):
        self.added += 1
        self.append(f"Added {self.added}", f"added-{self.added}")


if __name__ == "__main__":
    GLib.set_prgname(sys.argv[1])
    window = RowsWindow(int(sys.argv[2]))
    window.show_all()
    Gtk.main()
