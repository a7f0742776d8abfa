"""A tiny WSGI application that scores feature vectors with a torch model."""
import json

import torch
import torch.nn as nn


class Scorer(nn.Module):
    def __init__(self, in_features=8, hidden=16):
        super().__init__()
        self.in_features = in_features
        self.net = nn.Sequential(nn.Linear(in_features, hidden), nn.GELU(), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)


class ScoringApp:
    def __init__(self, model):
        self.model = model.eval()

    def __call__(self, environ, start_response):
        length = int(environ.get("CONTENT_LENGTH") or 0)
        payload = json.loads(environ["wsgi.input"].read(length) or b"{}")
        feats = torch.tensor(payload.get("features", []), dtype=torch.float32)
        if feats.dim() != 2 or feats.shape[1] != self.model.in_features:
            raise ValueError("expected a list of %d-dim feature vectors" % self.model.in_features)
        with torch.no_grad():
            scores = self.model(feats)
        environ["serving.scores"] = scores
        body = json.dumps({"scores": [round(s, 4) for s in scores.tolist()]}).encode()
        start_response("200 OK", [("Content-Type", "application/json"),
                                  ("Content-Length", str(len(body)))])
        return [body]
