"""Serving bundle: TorchScript program plus the metadata the ranking service reads."""
import io
import json
from dataclasses import dataclass, field

import torch


@dataclass
class ServingBundle:
    scripted: torch.jit.ScriptModule
    version: str
    input_spec: dict = field(default_factory=dict)

    def to_bytes(self):
        buffer = io.BytesIO()
        extra = {"spec.json": json.dumps({"version": self.version, "inputs": self.input_spec})}
        torch.jit.save(self.scripted, buffer, _extra_files=extra)
        return buffer.getvalue()


def convert_for_runtime(state_dict, dtype=torch.float16):
    """Rename keys to the runtime's layout and cast floating tensors."""
    out = {}
    for key, value in state_dict.items():
        new_key = key.replace("query_tower.", "q.").replace("doc_tower.", "d.")
        out[new_key] = value.detach().to(dtype) if value.is_floating_point() else value.detach()
    return out
