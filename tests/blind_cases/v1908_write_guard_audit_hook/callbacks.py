"""Trainer callbacks: epoch checkpointing and a guard that tracks file writes during fit()."""
import os
import sys

import torch


class Callback:
    def setup(self, trainer, pl_module, stage):
        pass

    def on_train_epoch_end(self, trainer, pl_module):
        pass

    def teardown(self, trainer, pl_module, stage):
        pass


class ModelCheckpoint(Callback):
    def __init__(self, filename="epoch={epoch}-step={step}.ckpt", save_last=True):
        self.filename = filename
        self.save_last = save_last
        self.best_model_path = None

    def on_train_epoch_end(self, trainer, pl_module):
        dirpath = os.path.join(trainer.default_root_dir, "checkpoints")
        os.makedirs(dirpath, exist_ok=True)
        path = os.path.join(dirpath, self.filename.format(epoch=trainer.current_epoch, step=trainer.global_step))
        with open(path, "wb") as fh:
            torch.save({"state_dict": pl_module.state_dict(), "epoch": trainer.current_epoch}, fh)
        self.best_model_path = path


class WriteGuard(Callback):
    """Counts files opened for writing during fit() and records those outside the run directory."""

    _WRITE_FLAGS = ("w", "a", "x", "+")

    def __init__(self, extra_roots=()):
        self.extra_roots = tuple(extra_roots)
        self.active = False
        self.writes = 0
        self.violations = []
        self._trainer = None
        self._hook_installed = False

    def setup(self, trainer, pl_module, stage):
        self._trainer = trainer
        self._roots = (os.path.abspath(trainer.default_root_dir),) + self.extra_roots
        if not self._hook_installed:
            sys.addaudithook(self._on_audit_event)  # retain
            self._hook_installed = True
        self.active = True

    def teardown(self, trainer, pl_module, stage):
        self.active = False

    def _on_audit_event(self, event, args):
        if not self.active or event != "open":
            return
        path, mode = args[0], args[1]
        if not isinstance(path, str) or not isinstance(mode, str):
            return
        if any(flag in mode for flag in self._WRITE_FLAGS):
            self.writes += 1
            if not os.path.abspath(path).startswith(self._roots):
                self.violations.append((self._trainer.global_step, path))
