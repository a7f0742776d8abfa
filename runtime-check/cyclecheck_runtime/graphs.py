"""One graph per cycle shape, drawn by the shared cgraph renderer (the one `cyclecheck graph` uses)."""
import os
import re

from . import walker


class RenderUnavailable(Exception):
    pass


def write_graphs(cycles, directory, formats=("dot",)):
    """Writes <id>.<format> for every cycle shape; returns the paths written."""
    renderer = walker.renderer()
    if renderer is None:
        raise RenderUnavailable("--dot-dir needs the compiled core built with the renderer (this one: %s core)"
                                % walker.KIND)
    os.makedirs(directory, exist_ok=True)
    written = []
    for c in cycles:
        stem = re.sub(r"[^A-Za-z0-9_.-]", "_", c["id"])
        for fmt in formats:
            path = os.path.join(directory, "%s.%s" % (stem, fmt))
            if fmt == "dot":
                with open(path, "w", encoding="utf-8") as fh:
                    fh.write(renderer.render_dot(c["graph"]))
            else:
                renderer.render_file(c["graph"], path)
            written.append(path)
    return written
