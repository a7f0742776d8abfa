"""Prompt-tuning sweep over the number of virtual tokens; every run exports its adapter archive."""
import os
import tempfile
import zipfile

import torch
import torch.nn as nn

from export import AdapterExporter
from prompt import FrozenLM, PromptTuningModel

VOCAB, DIM = 40, 24
SWEEP = [{"num_virtual_tokens": n, "lr": 0.05, "steps": 4} for n in (2, 4, 8)]


def train(model, cfg):
    opt = torch.optim.Adam([model.soft_prompt], lr=cfg["lr"])
    for _ in range(cfg["steps"]):
        ids = torch.randint(0, VOCAB, (8, 10))
        logits = model(ids[:, :-1])
        loss = nn.functional.cross_entropy(logits.reshape(-1, VOCAB), ids[:, 1:].reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    with tempfile.TemporaryDirectory() as root:
        for i, cfg in enumerate(SWEEP):
            base = FrozenLM(VOCAB, DIM)
            model = PromptTuningModel(base, cfg["num_virtual_tokens"], init_ids=torch.arange(2, 12))
            loss = train(model, cfg)
            run_dir = os.path.join(root, f"run{i}")
            os.makedirs(run_dir)
            exporter = AdapterExporter(model, {"peft_type": "PROMPT_TUNING", **cfg})
            path = exporter.export(run_dir, {"loss": loss})
            with zipfile.ZipFile(path) as zf:
                print(os.path.basename(path), f"loss={loss:.3f}", zf.namelist())


if __name__ == "__main__":
    main()
