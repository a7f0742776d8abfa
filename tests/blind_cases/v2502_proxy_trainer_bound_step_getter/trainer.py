"""A small fit loop that drives TrainerAwareModule hooks."""


class Trainer:
    def __init__(self, max_epochs=1):
        self.max_epochs = max_epochs
        self.global_step = 0
        self.current_epoch = 0
        self.logged_metrics = {}
        self.lightning_module = None
        self.optimizer = None

    def get_global_step(self):
        return self.global_step

    def _attach(self, model):
        self.lightning_module = model  # cycle
        model.trainer = self
        self.optimizer = model.configure_optimizers()

    def fit(self, model, train_batches):
        self._attach(model)
        model.train()
        model.on_fit_start()
        for self.current_epoch in range(self.max_epochs):
            for batch_idx, batch in enumerate(train_batches):
                loss = model.training_step(batch, batch_idx)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                self.global_step += 1
        return dict(self.logged_metrics)
