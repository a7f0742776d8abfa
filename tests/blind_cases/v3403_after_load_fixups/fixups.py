"""Declarative post-load fix-ups: methods tagged with @after_load run after load_state_dict."""
import logging

log = logging.getLogger(__name__)

_ORDER_ATTR = "_after_load_order"


def after_load(order=0):
    """Mark a method ``fn(self, module, incompatible_keys)`` to run after every load_state_dict."""
    def decorate(fn):
        setattr(fn, _ORDER_ATTR, order)
        return fn
    return decorate


def collect_after_load(cls):
    found = []
    for klass in reversed(cls.__mro__):
        for name, value in vars(klass).items():
            order = getattr(value, _ORDER_ATTR, None)
            if order is not None:
                found.append((order, name))
    return [name for _, name in sorted(set(found))]


class AfterLoadMixin:
    """Mixed into nn.Module subclasses; call ``install_after_load()`` at the end of __init__."""

    def install_after_load(self):
        self._after_load_names = collect_after_load(type(self))
        for name in self._after_load_names:
            self.register_load_state_dict_post_hook(getattr(self, name))  # cycle
        log.debug("%s: %d post-load fix-ups", type(self).__name__, len(self._after_load_names))

    @after_load(order=100)
    def _drop_ignorable_missing(self, module, incompatible_keys):
        ignorable = getattr(self, "ignorable_missing", ())
        incompatible_keys.missing_keys[:] = [
            k for k in incompatible_keys.missing_keys if not k.endswith(tuple(ignorable))]
