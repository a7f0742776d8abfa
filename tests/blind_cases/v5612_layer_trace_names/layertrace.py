"""Forward-call tracing so that error reports can name the layer that was running."""
import functools

_ROOT_NAME = "<root>"
_ACTIVE = []


def _enter(name, module, inputs):
    if name == _ROOT_NAME:
        _ACTIVE.clear()
    _ACTIVE.append(name)


def _leave(name, module, inputs, output):
    if _ACTIVE and _ACTIVE[-1] == name:
        _ACTIVE.pop()


def install(model):
    handles = []
    for name, module in model.named_modules():
        name = name or _ROOT_NAME
        handles.append(module.register_forward_pre_hook(functools.partial(_enter, name)))
        handles.append(module.register_forward_hook(functools.partial(_leave, name)))
    return handles


def current_path():
    return " > ".join(_ACTIVE)
