"""Forward-call tracing so that error reports can name the layer that was running."""
_ACTIVE = []


def _enter(module, inputs):
    _ACTIVE.append(module)  # retain


def _leave(module, inputs, output):
    if _ACTIVE and _ACTIVE[-1] is module:
        _ACTIVE.pop()


def install(model):
    handles = []
    for name, module in model.named_modules():
        module.trace_name = name or type(module).__name__
        handles.append(module.register_forward_pre_hook(_enter))
        handles.append(module.register_forward_hook(_leave))
    return handles


def current_path():
    return " > ".join(m.trace_name for m in _ACTIVE)
