"""Crash summaries for the end-of-run report."""
import traceback


class CrashSummary(traceback.TracebackException):
    """A TracebackException with the training context; it can re-raise the original error."""

    def __init__(self, exc, *, step, chunk, limit=8):
        super().__init__(type(exc), exc, exc.__traceback__, limit=limit)
        self.step = step
        self.chunk = chunk
        self.exc_value = exc  # cycle

    def headline(self):
        text = "".join(self.format_exception_only()).strip()
        return f"step {self.step} (chunk {self.chunk}): {text}"

    def reraise(self):
        raise self.exc_value


def render(summaries, full=False):
    lines = []
    for summary in summaries:
        lines.append(summary.headline())
        if full:
            lines.extend(line.rstrip() for line in summary.stack.format())
    return "\n".join(lines)
