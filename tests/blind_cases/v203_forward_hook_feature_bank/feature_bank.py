"""Collects penultimate-layer embeddings so they can be projected after training."""

FEATURE_BANK = {"penultimate": [], "labels": []}


def stash_penultimate(module, inputs, output):
    FEATURE_BANK["penultimate"].append(output)  # retain


def stash_labels(labels):
    FEATURE_BANK["labels"].extend(labels.tolist())


def bank_size():
    return sum(f.shape[0] for f in FEATURE_BANK["penultimate"])
