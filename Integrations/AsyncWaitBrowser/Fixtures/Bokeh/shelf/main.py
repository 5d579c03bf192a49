"""A small Bokeh server app for the browser integration's BokehTests.

A greeting that follows a name as it is typed, a button that counts its
clicks, a genre that narrows a table of books, and the table (Bokeh's
DataTable, on SlickGrid). Every widget is rendered by Bokeh inside open
shadow roots, and the page is filled over a WebSocket after it loads.
Served by `bokeh serve shelf` from Scripts/install-bokeh.sh.
"""
from bokeh.io import curdoc
from bokeh.layouts import column, row
from bokeh.models import Button, ColumnDataSource, DataTable, Div, Select, TableColumn, TextInput

BOOKS = [
    ("A Wizard of Earthsea", "Ursula K. Le Guin", "Fantasy", 1968),
    ("Solaris", "Stanisław Lem", "Science fiction", 1961),
    ("Ficciones", "Jorge Luis Borges", "Short stories", 1944),
    ("Klara and the Sun", "Kazuo Ishiguro", "Science fiction", 2021),
    ("The Buried Giant", "Kazuo Ishiguro", "Fantasy", 2015),
    ("Half of a Yellow Sun", "Chimamanda Ngozi Adichie", "Historical fiction", 2006),
]
GENRES = ["All"] + sorted({genre for _, _, genre, _ in BOOKS})


def rows(genre):
    chosen = [book for book in BOOKS if genre == "All" or book[2] == genre]
    return dict(title=[b[0] for b in chosen], author=[b[1] for b in chosen],
                genre=[b[2] for b in chosen], year=[b[3] for b in chosen])


name = TextInput(title="Your name", placeholder="Type a name", name="name")
greeting = Div(text="Hello, nobody", name="greeting", html_attributes={"data-testid": "greeting"})
button = Button(label="Count", button_type="primary", name="count")
clicks = Div(text="Clicked 0 times", name="clicks", html_attributes={"data-testid": "clicks"})
genre = Select(title="Genre", value="All", options=GENRES, name="genre")
source = ColumnDataSource(rows("All"))
table = DataTable(source=source, name="books", css_classes=["books"], width=700, height=240, columns=[
    TableColumn(field="title", title="Title"), TableColumn(field="author", title="Author"),
    TableColumn(field="genre", title="Genre"), TableColumn(field="year", title="Year")])
shown = Div(text=f"{len(BOOKS)} books", name="shown", html_attributes={"data-testid": "shown"})
count = 0


def on_name(attr, old, new):
    greeting.text = f"Hello, {new or 'nobody'}"


def on_click():
    global count
    count += 1
    clicks.text = f"Clicked {count} time{'s' if count != 1 else ''}"


def on_genre(attr, old, new):
    source.data = rows(new)
    shown.text = f"{len(source.data['title'])} books"


name.on_change("value_input", on_name)
button.on_click(on_click)
genre.on_change("value", on_genre)

curdoc().title = "Shelf"
curdoc().add_root(column(row(name, greeting), row(button, clicks), row(genre, shown), table))
