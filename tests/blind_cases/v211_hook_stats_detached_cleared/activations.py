"""Forward-hook activation statistics (dead-unit monitoring), flushed every step."""

_ACTIVATIONS = {}


def make_recorder(name):
    def record(module, inputs, output):
        _ACTIVATIONS[name] = output.detach()
    return record


def attach(model, layer_names):
    modules = dict(model.named_modules())
    return [modules[n].register_forward_hook(make_recorder(n)) for n in layer_names]


def flush_stats():
    stats = {name: (act <= 0).float().mean().item() for name, act in _ACTIVATIONS.items()}
    _ACTIVATIONS.clear()
    return stats
