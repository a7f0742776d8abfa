"""Process-wide registry of live models, held weakly so it never extends their lifetime."""
import weakref

_LIVE_MODELS = weakref.WeakValueDictionary()


def register(name, model):
    _LIVE_MODELS[name] = model


def live_names():
    return sorted(_LIVE_MODELS.keys())


def set_train_mode(flag):
    for model in list(_LIVE_MODELS.values()):
        model.train(flag)
