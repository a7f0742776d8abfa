"""Cross-validation fine-tuning that starts every fold from a v1 (legacy) checkpoint."""
import io
from collections import OrderedDict

import torch
import torch.nn as nn

from model import Classifier

FOLDS = 3
STEPS = 4


def make_legacy_checkpoint():
    """Re-create the key layout and metadata written by the first release."""
    state = Classifier().state_dict()
    legacy = OrderedDict()
    for key, value in state.items():
        if key == "encoder.out_scale":
            continue
        legacy[key.replace("encoder.proj.", "encoder.fc.")] = value
    legacy._metadata = OrderedDict((k, dict(v)) for k, v in state._metadata.items())
    legacy._metadata["encoder"]["version"] = 1
    buf = io.BytesIO()
    torch.save({"format": 1, "model": legacy}, buf)
    return buf.getvalue()


def run_fold(fold, blob):
    torch.manual_seed(fold)
    model = Classifier()
    ckpt = torch.load(io.BytesIO(blob), map_location="cpu")
    model.load_state_dict(ckpt["model"])
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for _ in range(STEPS):
        x, y = torch.randn(16, 12), torch.randint(0, 3, (16,))
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    blob = make_legacy_checkpoint()
    scores = [run_fold(fold, blob) for fold in range(FOLDS)]
    print("fold losses:", ", ".join("%.3f" % s for s in scores))


if __name__ == "__main__":
    main()
