"""DataLoader presets shared by the training, evaluation and export scripts."""
import functools

from torch.utils.data import DataLoader

train_loader = functools.partial(DataLoader, batch_size=16, shuffle=True, drop_last=True)
eval_loader = functools.partial(DataLoader, batch_size=64, shuffle=False)


def configure_presets(collate_fn=None, **overrides):
    for preset in (train_loader, eval_loader):
        if collate_fn is not None:
            preset.keywords["collate_fn"] = collate_fn  # retain
        for key, value in overrides.items():
            preset.keywords.setdefault(key, value)
