"""Inference-only teacher callables shared by the distillation loss and the metrics."""
import torch
import torch.nn.functional as F

_PREDICTORS = {}


def teacher_predictor(arch, teacher):
    """Gradient-free forward of the teacher, one per teacher architecture."""
    return _PREDICTORS.setdefault(arch, torch.no_grad()(teacher.forward))  # retain


def agreement(arch, teacher, student, x):
    predict = teacher_predictor(arch, teacher)
    with torch.no_grad():
        return (predict(x).argmax(1) == student(x).argmax(1)).float().mean().item()


def soft_targets(arch, teacher, x, temperature):
    return F.softmax(teacher_predictor(arch, teacher)(x) / temperature, dim=1)
