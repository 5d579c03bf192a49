"""The item-list tutorial app, in GTK 3, for the AT-SPI integration tests.

Usage: python3 item_list_app.py APP-NAME [ITEMS]

A list of four items (or ITEMS); "Add Item" opens a dialog with a text field whose "Add"
button adds the item after a short delay; "Remove Last" removes items until
the list is empty, when it becomes insensitive; "Remind Me" shows a
"Reminder" dialog on a timer, which "Dismiss" closes. Widgets carry
accessible ids of the form <screen>.<type>.<purpose>.
"""

import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402

ADD_DELAY_MS = 300
REMINDER_DELAY_MS = 400


def identify(widget, identifier):
    widget.get_accessible().set_accessible_id(identifier)
    return widget


class ItemListWindow(Gtk.Window):
    def __init__(self, count):
        super().__init__(title="Items")
        self.set_default_size(320, 360)
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=4)
        self.add(box)
        self.items = identify(Gtk.ListBox(), "ItemListScreen.list.items")
        box.pack_start(self.items, True, True, 0)
        for number in range(1, count + 1):
            self.append(f"Item {number}")
        self.add_button = identify(Gtk.Button(label="Add Item"), "ItemListScreen.button.add")
        self.remove_button = identify(Gtk.Button(label="Remove Last"), "ItemListScreen.button.delete")
        self.remind_button = identify(Gtk.Button(label="Remind Me"), "ItemListScreen.button.remind")
        for button in (self.add_button, self.remove_button, self.remind_button):
            box.pack_start(button, False, False, 0)
        self.add_button.connect("clicked", self.on_add)
        self.remove_button.connect("clicked", self.on_remove)
        self.remind_button.connect("clicked", self.on_remind)
        self.connect("destroy", Gtk.main_quit)

    def append(self, text):
        row = Gtk.ListBoxRow()
        row.add(Gtk.Label(label=text))
        self.items.add(row)
        row.show_all()

    def on_add(self, _button):
        dialog = Gtk.Dialog(title="Add Item", transient_for=self, modal=False)
        identify(dialog, "AddItemSheet.dialog.main")
        entry = identify(Gtk.Entry(), "AddItemSheet.textField.name")
        dialog.get_content_area().add(entry)
        confirm = identify(dialog.add_button("Add", Gtk.ResponseType.OK), "AddItemSheet.button.confirm")
        confirm.set_sensitive(False)
        entry.connect("changed", lambda e: confirm.set_sensitive(bool(e.get_text().strip())))

        def respond(dialog, response):
            text = entry.get_text().strip()
            dialog.destroy()
            if response == Gtk.ResponseType.OK and text:
                GLib.timeout_add(ADD_DELAY_MS, self.finish_add, text)

        dialog.connect("response", respond)
        dialog.show_all()

    def finish_add(self, text):
        self.append(text)
        self.remove_button.set_sensitive(True)
        return GLib.SOURCE_REMOVE

    def on_remove(self, _button):
        rows = self.items.get_children()
        if rows:
            self.items.remove(rows[-1])
        self.remove_button.set_sensitive(len(self.items.get_children()) > 0)

    def on_remind(self, _button):
        GLib.timeout_add(REMINDER_DELAY_MS, self.show_reminder)

    def show_reminder(self):
        dialog = Gtk.Dialog(title="Reminder", transient_for=self, modal=False)
        identify(dialog, "ReminderSheet.dialog.main")
        dialog.get_content_area().add(Gtk.Label(label="Buy more items"))
        identify(dialog.add_button("Dismiss", Gtk.ResponseType.CLOSE), "ReminderSheet.button.dismiss")
        dialog.connect("response", lambda d, _r: d.destroy())
        dialog.show_all()
        return GLib.SOURCE_REMOVE


def main():
    GLib.set_prgname(sys.argv[1] if len(sys.argv) > 1 else "item-list-app")
    window = ItemListWindow(int(sys.argv[2]) if len(sys.argv) > 2 else 4)
    window.show_all()
    Gtk.main()


if __name__ == "__main__":
    main()
