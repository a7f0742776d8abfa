"""Checkpoint-compatible conv encoder: state_dict hooks rename legacy keys,
drop derived tensors on save and validate what was loaded."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class VersionedEncoder(nn.Module):
    RENAMES = {"conv_in.": "stem.", "fc.": "classifier."}
    DERIVED = ("stem_weight_norm",)

    def __init__(self, channels=8, n_cls=4):
        super().__init__()
        self.stem = nn.Conv2d(3, channels, 3, padding=1)
        self.body = nn.Sequential(nn.Conv2d(channels, channels, 3, padding=1), nn.BatchNorm2d(channels),
                                  nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.classifier = nn.Linear(channels, n_cls)
        self.register_buffer("stem_weight_norm", torch.zeros(channels))
        self.loaded_checks = []
        self._register_state_dict_hook(self._drop_derived)
        self._register_load_state_dict_pre_hook(self._upgrade_legacy_keys)
        self.register_load_state_dict_post_hook(self._check_loaded)

    @staticmethod
    def _drop_derived(module, state_dict, prefix, local_metadata):
        for name in module.DERIVED:
            state_dict.pop(prefix + name, None)

    @classmethod
    def _upgrade_legacy_keys(cls, state_dict, prefix, local_metadata, strict,
                             missing_keys, unexpected_keys, error_msgs):
        for key in [k for k in state_dict if k.startswith(prefix)]:
            rest = key[len(prefix):]
            for old, new in cls.RENAMES.items():
                if rest.startswith(old):
                    state_dict[prefix + new + rest[len(old):]] = state_dict.pop(key)

    @staticmethod
    def _check_loaded(module, incompatible_keys):
        with torch.no_grad():
            module.stem_weight_norm = module.stem.weight.flatten(1).norm(dim=1)
        unexpected = [k for k in incompatible_keys.missing_keys if not k.endswith(module.DERIVED)]
        module.loaded_checks.append(len(unexpected))

    def forward(self, x):
        return self.classifier(self.body(self.stem(x)))


def legacy_checkpoint(model):
    sd = model.state_dict()
    return {("conv_in." + k[5:] if k.startswith("stem.") else
             "fc." + k[11:] if k.startswith("classifier.") else k): v.clone() for k, v in sd.items()}


def train(model, steps=3):
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for _ in range(steps):
        x, y = torch.randn(4, 3, 8, 8), torch.randint(0, 4, (4,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    for round_ in range(2):
        teacher = VersionedEncoder()
        train(teacher)
        ckpt = legacy_checkpoint(teacher)
        student = VersionedEncoder()
        student.load_state_dict(ckpt, strict=False)
        loss = train(student)
        print("round", round_, "loss %.3f" % loss, "checks", student.loaded_checks)


if __name__ == "__main__":
    main()
