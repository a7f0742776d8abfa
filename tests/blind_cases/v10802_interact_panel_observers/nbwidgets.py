"""ipywidgets-flavoured controls and interactive() for script-run notebooks."""


class ValueWidget:
    def __init__(self, value, description=""):
        self._value = value
        self.description = description
        self._observers = []  # cycle

    def observe(self, handler, names="value"):
        self._observers.append((names, handler))  # cycle

    @property
    def value(self):
        return self._value

    @value.setter
    def value(self, new):
        old, self._value = self._value, new
        for names, handler in list(self._observers):
            if names == "value" and old != new:
                handler({"owner": self.description, "old": old, "new": new})


class FloatSlider(ValueWidget):
    def __init__(self, value, min, max, description=""):
        super().__init__(value, description)
        self.min, self.max = min, max


class IntSlider(FloatSlider):
    pass


class Output:
    def __init__(self):
        self.outputs = []

    def append_stdout(self, text):
        self.outputs.append(text)


class interactive:
    def __init__(self, __interact_f, **controls):
        self.f = __interact_f
        self.out = Output()
        self.children = []  # cycle
        for name, widget in controls.items():
            widget.description = widget.description or name
            widget.observe(self.update, names="value")  # cycle
            self.children.append(widget)  # cycle
        self.result = None
        self.update()

    def update(self, change=None):
        kwargs = {w.description: w.value for w in self.children}
        self.result = self.f(**kwargs)
        self.out.append_stdout("%s -> %s\n" % (kwargs, self.result))
