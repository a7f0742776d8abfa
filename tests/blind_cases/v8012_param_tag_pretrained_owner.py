"""Per-fold fine-tuning from a sharded pretrained checkpoint whose shards are read on demand."""
import io

import torch
import torch.nn as nn

CFG = {"folds": 3, "warmup_steps": 2, "probe_steps": 3, "lr": 0.05}


def build_model():
    backbone = nn.Sequential(nn.Linear(12, 32), nn.BatchNorm1d(32), nn.ReLU(), nn.Linear(32, 32), nn.ReLU())
    return nn.Sequential(backbone, nn.Linear(32, 3))


class ShardedSource:
    """Pretrained weights, one torch.save'd shard per top-level child module."""

    def __init__(self, state_dict):
        groups = {}
        for key, value in state_dict.items():
            groups.setdefault(key.split(".", 1)[0], {})[key] = value.detach().clone()
        self.shards, self.index, self._decoded = {}, {}, {}
        for shard, part in groups.items():
            buf = io.BytesIO()
            torch.save(part, buf)
            self.shards[shard] = buf.getvalue()
            self.index.update(dict.fromkeys(part, shard))

    def tensor(self, key):
        shard = self.index[key]
        if shard not in self._decoded:
            self._decoded[shard] = torch.load(io.BytesIO(self.shards[shard]), map_location="cpu")
        return self._decoded[shard][key]


class PretrainedRef:
    def __init__(self, source, owner, name, key):
        self.source = source
        self.owner = owner  # cycle
        self.name = name
        self.key = key
        self.loaded = False

    def load(self):
        with torch.no_grad():
            getattr(self.owner, self.name).copy_(self.source.tensor(self.key))
        self.loaded = True


def _load_pending(module, inputs):
    for param in module.parameters(recurse=False):
        ref = getattr(param, "_pretrained", None)
        if ref is not None and not ref.loaded:
            ref.load()


def attach_pretrained(model, source):
    """Tag every parameter with its pretrained value; copy it in before the module first runs."""
    handles = []
    for mod_name, module in model.named_modules():
        own = list(module.named_parameters(recurse=False))
        for p_name, param in own:
            key = "%s.%s" % (mod_name, p_name) if mod_name else p_name
            param._pretrained = PretrainedRef(source, module, p_name, key)  # cycle
        if own:
            handles.append(module.register_forward_pre_hook(_load_pending))
    return handles


def rewind(params):
    """Reset parameters to their pretrained values and restart their owners' BN statistics."""
    owners = {}
    for param in params:
        ref = param._pretrained
        ref.load()
        owners[id(ref.owner)] = ref.owner
    for owner in owners.values():
        if isinstance(owner, nn.modules.batchnorm._BatchNorm):
            owner.reset_running_stats()


def fit(model, params, steps, fold):
    opt = torch.optim.SGD(params, lr=CFG["lr"], momentum=0.9)
    for _ in range(steps):
        x = torch.randn(16, 12) + 0.1 * fold
        loss = nn.functional.cross_entropy(model(x), x[:, :3].argmax(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    source = ShardedSource(build_model().state_dict())
    results = []
    for fold in range(CFG["folds"]):
        model = build_model()
        attach_pretrained(model, source)
        fit(model, list(model.parameters()), CFG["warmup_steps"], fold)
        backbone, head = model[0], model[1]
        rewind(backbone.parameters())
        backbone.requires_grad_(False)
        results.append(fit(model, list(head.parameters()), CFG["probe_steps"], fold))
    print("probe losses:", ["%.3f" % r for r in results])


if __name__ == "__main__":
    main()
