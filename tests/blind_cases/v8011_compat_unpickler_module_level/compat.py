"""Loads checkpoints written by older releases, whose pickles name classes that have moved."""
import io
import pickle

# format 1: the project was a single train.py script; format 2: configs lived in project.config
RENAMES = {
    1: {("__main__", "RunConfig"): ("runconfig", "RunConfig")},
    2: {("project.config", "RunConfig"): ("runconfig", "RunConfig")},
    3: {},
}


class CompatUnpickler(pickle.Unpickler):
    def __init__(self, file, renames, remapped):
        super().__init__(file)
        self.renames = renames
        self.remapped = remapped

    def find_class(self, module, name):
        target = self.renames.get((module, name))
        if target is not None:
            self.remapped.append("%s.%s" % (module, name))
            module, name = target
        return super().find_class(module, name)


class CheckpointLoader:
    def __init__(self, model, strict=True):
        self.model = model
        self.strict = strict
        self.remapped = []

    def load(self, blob, fmt):
        unpickler = CompatUnpickler(io.BytesIO(blob), RENAMES[fmt], self.remapped)
        ckpt = unpickler.load()
        result = self.model.load_state_dict(ckpt["model"], strict=self.strict)
        return ckpt["config"], result
