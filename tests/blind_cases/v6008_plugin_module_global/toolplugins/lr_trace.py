"""Object-style plugin: keeps the learning rate of the first parameter group per step."""


class LRTrace:
    NAME = "lr_trace"

    def __init__(self):
        self.values = []
        self.groups = None

    def activate(self, host):
        self.groups = host.optimizer.param_groups

    def on_after_step(self, step):
        self.values.append(self.groups[0]["lr"])

    def report(self):
        return {"first": self.values[0], "last": self.values[-1]}
