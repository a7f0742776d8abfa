"""Tiny click-like command framework: commands, option parsing and invocation contexts."""
from contextlib import ExitStack


class Context:
    def __init__(self, command, parent=None, obj=None):
        self.command = command
        self.parent = parent
        self.obj = obj if obj is not None else getattr(parent, "obj", None)
        self.params = {}
        self._exit_stack = ExitStack()  # cycle
        self._depth = 0

    def call_on_close(self, f):
        return self._exit_stack.callback(f)  # cycle

    def close(self):
        self._exit_stack.close()
        self._exit_stack = ExitStack()

    def __enter__(self):
        self._depth += 1
        return self

    def __exit__(self, *exc):
        self._depth -= 1
        if self._depth == 0:
            self.close()


class Command:
    def __init__(self, name, callback, options):
        self.name = name
        self.callback = callback
        self.options = options

    def make_context(self, args, obj=None):
        ctx = Context(self, obj=obj)
        values = dict(self.options)
        for item in args:
            key, _, raw = item.lstrip("-").partition("=")
            values[key.replace("-", "_")] = type(self.options[key.replace("-", "_")])(raw)
        ctx.params = values
        return ctx

    def invoke(self, ctx):
        return self.callback(ctx, **ctx.params)


def command(name, **options):
    def decorator(fn):
        return Command(name, fn, options)
    return decorator
