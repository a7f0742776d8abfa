"""Process-wide metric trackers shared by the training entry points."""
from confusion import HardConfusionMatrix, SoftConfusionMatrix

NUM_CLASSES = 3

TRAIN_METRICS = {
    "confmat": HardConfusionMatrix(NUM_CLASSES),
    "soft_confmat": SoftConfusionMatrix(NUM_CLASSES),
}


def update_all(logits, target):
    for metric in TRAIN_METRICS.values():
        metric.update(logits, target)


def epoch_summary():
    summary = {}
    for name, metric in TRAIN_METRICS.items():
        cm = metric.compute()
        summary[name] = [round(float(v), 3) for v in cm.diagonal()]
        metric.reset()
    return summary
