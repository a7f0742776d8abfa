"""Minimal pyplot-style plotting with a figure manager and SVG export (no matplotlib needed)."""
import itertools

_figures = {}
_numbers = itertools.count(1)


class Axes:
    def __init__(self, rect):
        self.rect = rect
        self.title = ""
        self.artists = []

    def imshow(self, matrix):
        self.artists.append([list(row) for row in matrix])


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
            for data in ax.artists:
                peak = max(max(r) for r in data) or 1
                cw, ch = w * ax.rect[2] / len(data[0]), h * ax.rect[3] / len(data)
                out += [f'<rect x="{j * cw:.0f}" y="{i * ch:.0f}" width="{cw:.0f}" height="{ch:.0f}" '
                        f'fill-opacity="{v / peak:.2f}"/>' for i, r in enumerate(data) for j, v in enumerate(r)]
            out.append(f"<title>{ax.title}</title>")
        with open(path, "w") as fh:
            fh.write("\n".join(out + ["</svg>"]))


def figure(figsize=(4, 4)):
    fig = Figure(next(_numbers), figsize)
    _figures[fig.number] = fig  # retain
    return fig


def subplots(figsize=(4, 4)):
    fig = figure(figsize=figsize)
    return fig, fig.add_subplot()


def close(fig):
    _figures.pop(fig.number, None)
