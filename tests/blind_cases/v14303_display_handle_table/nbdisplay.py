"""Minimal stand-in for IPython.display so the exported notebook also runs as a plain script."""
import itertools
import sys

_ids = itertools.count(1)
_DISPLAYED = {}


def _mime_bundle(obj):
    bundle = {"text/plain": repr(obj)}
    for method, mime in (("_repr_markdown_", "text/markdown"), ("_repr_html_", "text/html")):
        render = getattr(obj, method, None)
        if render is not None:
            bundle[mime] = render()
    return bundle


def _emit(bundle, display_id, update=False):
    text = bundle.get("text/markdown", bundle["text/plain"])
    tag = f"[{display_id}{'*' if update else ''}] " if display_id else ""
    first, _, rest = text.partition("\n")
    sys.stdout.write(f"{tag}{first}{' ...' if rest else ''}\n")


class DisplayHandle:
    def __init__(self, display_id):
        self.display_id = display_id

    def update(self, obj=None):
        update_display(obj, display_id=self.display_id)


def display(obj, display_id=None):
    if display_id is True:
        display_id = f"out-{next(_ids)}"
    _emit(_mime_bundle(obj), display_id)
    if display_id is None:
        return None
    _DISPLAYED[display_id] = obj  # retain
    return DisplayHandle(display_id)


def update_display(obj=None, display_id=None):
    if obj is not None:
        _DISPLAYED[display_id] = obj
    _emit(_mime_bundle(_DISPLAYED[display_id]), display_id, update=True)
