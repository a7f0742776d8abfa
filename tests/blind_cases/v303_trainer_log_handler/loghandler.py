"""logging.Handler that mirrors records into the trainer's history, tagged with its step."""
import logging


class TrainerStateHandler(logging.Handler):
    def __init__(self, trainer, level=logging.INFO):
        super().__init__(level)
        self.trainer = trainer  # cycle
        self.setFormatter(logging.Formatter("[step %(step)d] %(message)s"))

    def emit(self, record):
        record.step = self.trainer.global_step
        self.trainer.log_lines.append(self.format(record))
