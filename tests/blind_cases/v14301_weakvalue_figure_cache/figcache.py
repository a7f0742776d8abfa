"""Figure cache of the notebook: a figure is reused while some cell still holds it."""
import weakref

from minifig import Figure


class FigureCache:
    def __init__(self):
        self._figs = weakref.WeakValueDictionary()
        self.rendered = []

    def get(self, panel, epoch):
        key = (panel, epoch)
        fig = self._figs.get(key)
        if fig is None:
            fig = Figure(f"{panel} @ epoch {epoch}")
            self._figs[key] = fig
        return fig

    def show(self, fig, max_lines=4):
        lines = fig.render().splitlines()
        self.rendered.append("\n".join(lines[:max_lines]))

    def live_keys(self):
        return sorted(self._figs.keys())
