"""Intent-classifier worker that reloads its deployment manifest on every rollout."""
import configparser
import io

import torch
import torch.nn as nn

MANIFEST = """
[model]
name = intent-v{version}
hidden = {hidden}
classes = 4
weights = blobs/intent-v{version}.pt

[serving]
max_batch = 8
threshold = 0.{threshold}
labels = greet, order, cancel, other
"""


def _as_list(value):
    return [item.strip() for item in value.split(",") if item.strip()]


class DeploymentManifest(configparser.ConfigParser):
    def __init__(self, text, blob_store):
        super().__init__(interpolation=None, converters={"list": _as_list})  # cycle
        self.read_string(text)  # cycle
        self.blob_store = blob_store
        self._state = None

    def model_kwargs(self):
        return {"hidden": self.getint("model", "hidden"), "classes": self.getint("model", "classes")}

    def state_dict(self):
        if self._state is None:
            blob = self.blob_store[self.get("model", "weights")]
            self._state = torch.load(io.BytesIO(blob))
        return self._state


class IntentHead(nn.Module):
    def __init__(self, hidden, classes, in_features=16):
        super().__init__()
        self.proj = nn.Linear(in_features, hidden)
        self.out = nn.Linear(hidden, classes)

    def forward(self, x):
        return self.out(torch.tanh(self.proj(x)))


class IntentWorker:
    def __init__(self, blob_store):
        self.blob_store = blob_store
        self.manifest = None
        self.model = None

    def rollout(self, manifest_text):
        manifest = DeploymentManifest(manifest_text, self.blob_store)
        model = IntentHead(**manifest.model_kwargs())
        model.load_state_dict(manifest.state_dict())
        self.manifest, self.model = manifest, model.eval()
        print("rolled out", manifest.get("model", "name"))

    @torch.no_grad()
    def classify(self, feats):
        probs = self.model(feats).softmax(-1)
        labels = self.manifest.getlist("serving", "labels")
        threshold = self.manifest.getfloat("serving", "threshold")
        conf, idx = probs.max(-1)
        return [labels[i] if c >= threshold else "other" for c, i in zip(conf.tolist(), idx.tolist())]


def publish(blob_store, version, hidden):
    buf = io.BytesIO()
    torch.save(IntentHead(hidden, 4).state_dict(), buf)
    blob_store["blobs/intent-v%d.pt" % version] = buf.getvalue()
    return MANIFEST.format(version=version, hidden=hidden, threshold=30 + version)


def main():
    torch.manual_seed(0)
    blob_store = {}
    worker = IntentWorker(blob_store)
    for version, hidden in enumerate([32, 48, 32, 64], start=1):
        worker.rollout(publish(blob_store, version, hidden))
        for _ in range(3):
            print(worker.classify(torch.randn(5, 16)))


if __name__ == "__main__":
    main()
