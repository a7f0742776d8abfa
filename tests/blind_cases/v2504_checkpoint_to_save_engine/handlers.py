"""Checkpointing handler and pluggable save backends."""
import abc
import io

import torch

SAVERS = {}


def build_saver(cfg):
    return SAVERS[cfg["type"]](**{k: v for k, v in cfg.items() if k != "type"})


class BaseSaveHandler(abc.ABC):
    def __init_subclass__(cls, key=None, **kwargs):
        super().__init_subclass__(**kwargs)
        if key is not None:
            SAVERS[key] = cls

    @abc.abstractmethod
    def __call__(self, checkpoint, filename):
        ...


class InMemorySaver(BaseSaveHandler, key="memory"):
    def __init__(self):
        self.blobs = {}

    def __call__(self, checkpoint, filename):
        buf = io.BytesIO()
        torch.save(checkpoint, buf)
        self.blobs[filename] = buf.getvalue()

    def remove(self, filename):
        self.blobs.pop(filename, None)


class Checkpoint:
    def __init__(self, to_save, save_handler, filename_prefix="", n_saved=1):
        self.to_save = to_save  # cycle
        self.save_handler = save_handler
        self.filename_prefix, self.n_saved = filename_prefix, n_saved
        self._saved = []

    def __call__(self, engine):
        checkpoint = {name: obj.state_dict() for name, obj in self.to_save.items()}
        filename = f"{self.filename_prefix}checkpoint_{engine.state.iteration}.pt"
        self.save_handler(checkpoint, filename)
        self._saved.append(filename)
        if len(self._saved) > self.n_saved:
            self.save_handler.remove(self._saved.pop(0))
