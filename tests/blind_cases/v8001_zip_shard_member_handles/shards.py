"""Sharded checkpoint container: a zip of torch.save'd shards plus a JSON weight map."""
import io
import json
import zipfile

import torch

INDEX_NAME = "model.index.json"


def write_sharded(state_dict, fileobj, max_shard_bytes=4096):
    shards, current, size = [], {}, 0
    for key, tensor in state_dict.items():
        nbytes = tensor.numel() * tensor.element_size()
        if current and size + nbytes > max_shard_bytes:
            shards.append(current)
            current, size = {}, 0
        current[key] = tensor.detach().cpu()
        size += nbytes
    if current:
        shards.append(current)

    weight_map = {}
    with zipfile.ZipFile(fileobj, "w", compression=zipfile.ZIP_STORED) as zf:
        for i, shard in enumerate(shards):
            member = "shard-%05d-of-%05d.pt" % (i + 1, len(shards))
            buf = io.BytesIO()
            torch.save(shard, buf)
            zf.writestr(member, buf.getvalue())
            weight_map.update({key: member for key in shard})
        meta = {"total_size": sum(t.numel() * t.element_size() for t in state_dict.values())}
        zf.writestr(INDEX_NAME, json.dumps({"metadata": meta, "weight_map": weight_map}))
    return len(shards)


class ShardArchive(zipfile.ZipFile):
    """Read-only view that opens each shard member once and reuses the handle."""

    def __init__(self, fileobj):
        super().__init__(fileobj, "r")
        index = json.loads(self.read(INDEX_NAME))
        self.weight_map = index["weight_map"]
        self.metadata = index["metadata"]
        self._handles = {}  # cycle

    def _member(self, name):
        handle = self._handles.get(name)
        if handle is None:
            handle = self._handles[name] = self.open(name)  # cycle
        handle.seek(0)
        return handle

    def load_shard(self, name):
        return torch.load(self._member(name), map_location="cpu")

    def keys_by_shard(self):
        grouped = {}
        for key, member in self.weight_map.items():
            grouped.setdefault(member, []).append(key)
        return grouped

    def load_into(self, module, strict=True):
        state = {}
        for member, keys in self.keys_by_shard().items():
            shard = self.load_shard(member)
            state.update({k: shard[k] for k in keys})
        return module.load_state_dict(state, strict=strict)
