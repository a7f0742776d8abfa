"""Loads checkpoints written by older releases, whose pickles name classes that have moved."""
import io
import pickle

# format 1: the project was a single train.py script; format 2: configs lived in project.config
RENAMES = {
    1: {("__main__", "RunConfig"): ("runconfig", "RunConfig")},
    2: {("project.config", "RunConfig"): ("runconfig", "RunConfig")},
    3: {},
}


class CheckpointLoader:
    def __init__(self, model, strict=True):
        self.model = model
        self.strict = strict
        self.remapped = []
        self._unpicklers = {}  # cycle

    def _unpickler_class(self, fmt):
        cls = self._unpicklers.get(fmt)
        if cls is None:
            loader = self
            renames = RENAMES[fmt]

            class CompatUnpickler(pickle.Unpickler):
                def find_class(self, module, name):  # cycle
                    target = renames.get((module, name))
                    if target is not None:
                        loader.remapped.append("%s.%s" % (module, name))
                        module, name = target
                    return super().find_class(module, name)

            cls = self._unpicklers[fmt] = CompatUnpickler  # cycle
        return cls

    def load(self, blob, fmt):
        ckpt = self._unpickler_class(fmt)(io.BytesIO(blob)).load()
        result = self.model.load_state_dict(ckpt["model"], strict=self.strict)
        return ckpt["config"], result
