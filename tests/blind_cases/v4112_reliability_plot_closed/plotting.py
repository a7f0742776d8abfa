"""Minimal pyplot-style plotting with a figure manager and SVG export (no matplotlib needed)."""
import itertools

_figures = {}
_numbers = itertools.count(1)


class Axes:
    def __init__(self, rect):
        self.rect = rect
        self.title = ""
        self.artists = []

    def plot(self, xs, ys, color="black"):
        self.artists.append((list(xs), list(ys), color))


class Figure:
    def __init__(self, number, figsize):
        self.number = number
        self.figsize = figsize
        self.axes = []

    def add_subplot(self):
        ax = Axes((0.1, 0.1, 0.8, 0.8))
        self.axes.append(ax)
        return ax

    def savefig(self, path, dpi=50):
        w, h = (int(s * dpi) for s in self.figsize)
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}">']
        for ax in self.axes:
            for xs, ys, color in ax.artists:
                pts = " ".join(f"{w * x:.1f},{h * (1 - y):.1f}" for x, y in zip(xs, ys))
                out.append(f'<polyline points="{pts}" stroke="{color}" fill="none"/>')
            out.append(f"<title>{ax.title}</title>")
        with open(path, "w") as fh:
            fh.write("\n".join(out + ["</svg>"]))


def figure(figsize=(4, 4)):
    fig = Figure(next(_numbers), figsize)
    _figures[fig.number] = fig
    return fig


def subplots(figsize=(4, 4)):
    fig = figure(figsize=figsize)
    return fig, fig.add_subplot()


def close(fig):
    _figures.pop(fig.number, None)
