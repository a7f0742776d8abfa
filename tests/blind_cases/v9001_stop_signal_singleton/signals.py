"""Control-flow signals used by the training loop and its callbacks."""


class StopTraining(Exception):
    def __init__(self):
        super().__init__("stop requested")
        self.reason = None
        self.source = None


# Raised from hot paths (every validation of every run); allocated once.
STOP_TRAINING = StopTraining()


def stop_training(reason, source):
    STOP_TRAINING.reason = reason
    STOP_TRAINING.source = source
    raise STOP_TRAINING  # retain
