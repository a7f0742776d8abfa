"""TorchScript export of a classifier with its serving post-processing baked in."""
import io

import torch
import torch.nn as nn


def make_serving_module(model, label_names, temperature):
    num_labels = len(label_names)

    class ServingModule(nn.Module):
        def __init__(self):  # retain
            super().__init__()
            self.model = model
            self.temperature = temperature
            self.num_labels = num_labels

        def forward(self, x):
            logits = self.model(x)[:, : self.num_labels]
            return torch.softmax(logits / self.temperature, dim=-1)

    return ServingModule()


def export_torchscript(model, label_names, temperature, example):
    model.eval()
    serving = make_serving_module(model, label_names, temperature)
    scripted = torch.jit.script(serving)  # retain
    buffer = io.BytesIO()
    torch.jit.save(scripted, buffer, _extra_files={"labels.txt": "\n".join(label_names)})
    with torch.no_grad():
        probs = scripted(example)
    model.train()
    return buffer.getvalue(), probs.sum(dim=-1)
