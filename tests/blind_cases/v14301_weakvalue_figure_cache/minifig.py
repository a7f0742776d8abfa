"""Tiny text-mode plotting layer so the exported notebook can run headless (figure -> canvas -> text)."""
import io


class Axes:
    def __init__(self, title):
        self.title = title
        self.series = []

    def bar(self, label, values):
        self.series.append((label, [float(v) for v in values]))


class TextCanvas:
    def __init__(self, figure, width=40):
        self.figure = figure  # cycle
        self.width = width

    def draw(self):
        out = io.StringIO()
        out.write(f"## {self.figure.title}\n")
        for ax in self.figure.axes:
            out.write(f"-- {ax.title}\n")
            for label, values in ax.series:
                peak = max(abs(v) for v in values) or 1.0
                for i, v in enumerate(values):
                    out.write(f"{label}[{i:02d}] {'#' * int(self.width * abs(v) / peak)}\n")
        return out.getvalue()


class Figure:
    def __init__(self, title, figsize=(6.0, 4.0)):
        self.title = title
        self.figsize = figsize
        self.axes = []
        self.images = {}
        self.canvas = TextCanvas(self)  # cycle

    def add_subplot(self, title):
        ax = Axes(title)
        self.axes.append(ax)
        return ax

    def attach_image(self, name, tensor):
        self.images[name] = tensor.detach().clone()

    def render(self):
        return self.canvas.draw()
