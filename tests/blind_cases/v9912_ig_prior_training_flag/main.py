"""Train with an attribution prior, then run the nightly explanation job for flagged cases."""
import torch
import torch.nn as nn

from attribution import IntegratedGradients, attribution_prior
from reports import EXPLANATIONS

FEATURES = ["amount", "hour", "merchant_risk", "velocity", "zip_code", "device_age"]
PROTECTED = [FEATURES.index("zip_code")]


def train(model, explainer, steps=4, prior_weight=0.1):
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(steps):
        x = torch.randn(32, len(FEATURES))
        y = (x[:, 2] + x[:, 3] > 0.5).long()
        attributions = explainer(x, y)
        loss = nn.functional.cross_entropy(model(x), y) + prior_weight * attribution_prior(attributions, [PROTECTED])
        opt.zero_grad()
        loss.backward()
        opt.step()


def explain_flagged(model, explainer, version, cases):
    model.eval()
    probs = torch.softmax(model(cases).detach(), dim=-1)
    flagged = (probs[:, 1] > 0.4).nonzero().flatten().tolist()
    if not flagged:
        return []
    target = torch.ones(len(flagged), dtype=torch.long)
    attributions = explainer(cases[flagged], target)
    for row, sample_id in zip(attributions, flagged):
        EXPLANATIONS.put(version, sample_id, row)
    return [EXPLANATIONS.top_features(version, i, FEATURES) for i in flagged]


def main():
    for version in range(2):
        torch.manual_seed(version)
        model = nn.Sequential(nn.Linear(len(FEATURES), 32), nn.Softplus(), nn.Linear(32, 2))
        explainer = IntegratedGradients(model, steps=8)
        train(model, explainer)
        reasons = explain_flagged(model, explainer, f"fraud-v{version}", torch.randn(48, len(FEATURES)))
        print(f"v{version}: {len(reasons)} flagged, first reasons {reasons[:2]}")


if __name__ == "__main__":
    main()
