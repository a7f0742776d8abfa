"""Training callbacks that keep a handle on the trainer they are attached to."""


class Callback:
    def attach(self, trainer):
        self.trainer = trainer  # leak: back reference to the owner

    def after_step(self, loss_value):
        pass


class LossHistory(Callback):
    def __init__(self):
        self.values = []

    def after_step(self, loss_value):
        self.values.append(loss_value)


class ActivationRecorder:
    """Records the activations of one layer for later inspection."""

    def __init__(self, model, layer):
        self.model = model
        self.activations = []
        layer.register_forward_hook(self.save)  # leak: the handle is never removed

    def save(self, module, inputs, output):
        self.activations.append(output.detach())
