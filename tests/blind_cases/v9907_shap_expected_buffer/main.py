"""Explanation endpoint: one explainer per request batch against the deployed model."""
import torch

from serving import FEATURES, SERVED
from shap_lite import PermutationExplainer


def sample_background(n, generator):
    return torch.randn(n, len(FEATURES), generator=generator)


def handle_request(rows, request_id, generator):
    background = sample_background(64, generator)
    explainer = PermutationExplainer(SERVED, background, n_permutations=8, seed=request_id)
    return explainer.explain(rows, FEATURES)


def main():
    generator = torch.Generator().manual_seed(123)
    for request_id in range(3):
        rows = torch.randn(2, len(FEATURES), generator=generator)
        report = handle_request(rows, request_id, generator)
        for item in report:
            print(request_id, item["base"], [name for name, _ in item["top"]])


if __name__ == "__main__":
    main()
