"""The shelf app inside a frame from another origin, for BokehTests.

The page is served from one host and its frame from the other of
127.0.0.1 and localhost: two sites, so Chromium runs the frame in a
process of its own. Bokeh's Div renders its HTML inside a shadow root, so
the frame element is inside one too.
"""

from bokeh.io import curdoc
from bokeh.models import Div

request = curdoc().session_context.request
own_host = request.headers.get("Host", "127.0.0.1")
if own_host.startswith("127.0.0.1"):
    frame_host = own_host.replace("127.0.0.1", "localhost", 1)
else:
    frame_host = own_host.replace("localhost", "127.0.0.1", 1)

curdoc().title = "Framed shelf"
curdoc().add_root(
    Div(
        text=(
            "<h1>The shelf, framed</h1>"
            f'<iframe title="Shelf" src="http://{frame_host}/shelf" width="760" height="560"></iframe>'
        )
    )
)
