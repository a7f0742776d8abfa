"""Ambient model scope: layers deep inside a model can reach the model that
is currently running (to add auxiliary losses) without threading it through
every forward signature."""

_SCOPE_STACK = []


def current_scope():
    return _SCOPE_STACK[-1] if _SCOPE_STACK else None


class ScopedModelMixin:
    scope_name = "model"

    def __enter__(self):
        self._aux_losses = []
        _SCOPE_STACK.append(self)  # retain
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is not None:
            print(f"[scope] {self.scope_name} left with {exc_type.__name__}")
            return False
        self._aux_losses.clear()
        _SCOPE_STACK.pop()
        return False

    def add_aux_loss(self, name, value):
        self._aux_losses.append((name, value))

    def aux_loss(self):
        if not self._aux_losses:
            return 0.0
        return sum(v for _, v in self._aux_losses)
