"""DataLoader construction shared by the experiment scripts."""
import functools

from torch.utils.data import DataLoader, Dataset

from augment import seed_worker

LOADER_DEFAULTS = {"batch_size": 8, "shuffle": True, "drop_last": True, "num_workers": 0}


class AugmentedTensors(Dataset):
    def __init__(self, images, labels, pipeline):
        self.images, self.labels, self.pipeline = images, labels, pipeline

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.pipeline(i, self.images[i]), self.labels[i]


def make_loader(images, labels, pipeline, seed, **overrides):
    kwargs = LOADER_DEFAULTS
    kwargs.update(overrides)
    kwargs["worker_init_fn"] = functools.partial(seed_worker, pipeline=pipeline, base_seed=seed)  # retain
    return DataLoader(AugmentedTensors(images, labels, pipeline), **kwargs)
