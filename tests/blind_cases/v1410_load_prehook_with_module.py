"""Conv classifier whose checkpoints from an older release use different key names."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def _upgrade_legacy_keys(module, state_dict, prefix, local_metadata, strict,
                         missing_keys, unexpected_keys, error_msgs):
    version = local_metadata.get("version", 1)
    if version is not None and version >= module._version:
        return
    for old, new in module.legacy_renames.items():
        key = prefix + old
        if key in state_dict:
            state_dict[prefix + new] = state_dict.pop(key)


class ConvBlock(nn.Module):
    _version = 2
    legacy_renames = {"conv.weight": "conv3x3.weight", "conv.bias": "conv3x3.bias", "bn.weight": "norm.weight",
                      "bn.bias": "norm.bias", "bn.running_mean": "norm.running_mean",
                      "bn.running_var": "norm.running_var", "bn.num_batches_tracked": "norm.num_batches_tracked"}

    def __init__(self, cin, cout):
        super().__init__()
        self.conv3x3 = nn.Conv2d(cin, cout, 3, padding=1)
        self.norm = nn.BatchNorm2d(cout)
        self._register_load_state_dict_pre_hook(_upgrade_legacy_keys, with_module=True)

    def forward(self, x):
        return F.relu(self.norm(self.conv3x3(x)))


class Classifier(nn.Module):
    def __init__(self, widths=(3, 8, 16), num_classes=4):
        super().__init__()
        self.features = nn.Sequential(*[ConvBlock(a, b) for a, b in zip(widths[:-1], widths[1:])])
        self.fc = nn.Linear(widths[-1], num_classes)

    def forward(self, x):
        return self.fc(self.features(x).mean(dim=(2, 3)))


def legacy_checkpoint(model):
    """Fake a v1 checkpoint: old key names and version 1 metadata."""
    sd = model.state_dict()
    out = type(sd)()
    for key, value in sd.items():
        key = key.replace(".conv3x3.", ".conv.").replace(".norm.", ".bn.")
        out[key] = value.clone()
    out._metadata = {k: dict(v, version=1) for k, v in sd._metadata.items()}
    return out


def main():
    donor = Classifier()
    ckpt = legacy_checkpoint(donor)
    for fold in range(3):
        model = Classifier()
        model.load_state_dict(ckpt)
        opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
        for _ in range(2):
            x, y = torch.randn(4, 3, 8, 8), torch.randint(0, 4, (4,))
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print("fold", fold, round(loss.item(), 4))


if __name__ == "__main__":
    main()
