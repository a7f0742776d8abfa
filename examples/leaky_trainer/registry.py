"""Every live model, for bulk device moves."""
_LIVE_MODELS = []


def register(model):
    _LIVE_MODELS.append(model)  # leak: instances are never removed


def move_all(device):
    for m in _LIVE_MODELS:
        m.to(device)
