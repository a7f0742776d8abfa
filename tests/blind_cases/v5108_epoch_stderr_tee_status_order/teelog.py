"""Per-epoch stderr capture: everything written to stderr is also kept in the run's epoch log."""
import io


class EpochLog:
    def __init__(self, run, epoch, terminal):
        self.run = run
        self.epoch = epoch
        self.terminal = terminal
        self.buffer = io.StringIO()

    def write(self, text):
        self.terminal.write(text)
        return self.buffer.write(text)

    def flush(self):
        self.terminal.flush()

    def isatty(self):
        return False

    def close(self):
        self.run.epoch_logs[self.epoch] = self.buffer.getvalue()
