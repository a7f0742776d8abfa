"""Evaluation callbacks: a confusion-matrix plot written after every validation run."""
import os

import torch

import plotting as plt


class Callback:
    def on_validation_end(self, trainer, epoch, outputs):
        pass


class ConfusionMatrixPlot(Callback):
    def __init__(self, out_dir, class_names, every_n_epochs=1):
        self.out_dir = out_dir
        self.class_names = class_names
        self.every_n_epochs = every_n_epochs

    def confusion(self, preds, targets):
        n = len(self.class_names)
        return torch.bincount(targets * n + preds, minlength=n * n).view(n, n)

    def on_validation_end(self, trainer, epoch, outputs):
        if epoch % self.every_n_epochs:
            return
        cm = self.confusion(outputs["preds"], outputs["targets"])
        fig, ax = plt.subplots(figsize=(3, 3))
        ax.imshow(cm.tolist())
        ax.title = f"{trainer.name} epoch {epoch}"
        path = os.path.join(self.out_dir, f"confmat_{trainer.name}_e{epoch}.svg")
        fig.savefig(path)
        trainer.artifacts.append(path)
