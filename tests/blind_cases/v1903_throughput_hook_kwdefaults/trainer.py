"""A small Lightning-style Trainer with LightningModule / LightningDataModule base classes."""
import torch.nn as nn


class LightningModule(nn.Module):
    def training_step(self, batch, batch_idx):
        raise NotImplementedError

    def configure_optimizers(self):
        raise NotImplementedError


class LightningDataModule:
    def setup(self, stage):
        pass

    def train_dataloader(self):
        raise NotImplementedError


class Trainer:
    def __init__(self, max_epochs=1, callbacks=None, limit_train_batches=None):
        self.max_epochs = max_epochs
        self.callbacks = list(callbacks or [])
        self.limit_train_batches = limit_train_batches
        self.global_step = 0
        self.current_epoch = 0
        self.callback_metrics = {}
        self.lightning_module = None

    def _call_callback_hooks(self, hook_name, *args):
        for callback in self.callbacks:
            getattr(callback, hook_name)(self, self.lightning_module, *args)

    def _batches(self, loader):
        for batch_idx, batch in enumerate(loader):
            if self.limit_train_batches is not None and batch_idx >= self.limit_train_batches:
                return
            yield batch_idx, batch

    def fit(self, model, datamodule):
        self.lightning_module = model  # cycle
        datamodule.setup("fit")
        optimizer = model.configure_optimizers()
        self._call_callback_hooks("setup", "fit")
        model.train()
        for epoch in range(self.max_epochs):
            self.current_epoch = epoch
            self._call_callback_hooks("on_train_epoch_start")
            for batch_idx, batch in self._batches(datamodule.train_dataloader()):
                loss = model.training_step(batch, batch_idx)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                self.global_step += 1
                self.callback_metrics["train_loss"] = loss.detach()
                self._call_callback_hooks("on_train_batch_end", batch_idx)
        self._call_callback_hooks("teardown", "fit")
        return self.callback_metrics
