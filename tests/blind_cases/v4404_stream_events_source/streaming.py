"""Iterator streamer: generated token ids become text events that a client consumes."""
import queue
from dataclasses import dataclass


@dataclass
class StreamEvent:
    kind: str
    text: str
    index: int
    stream: object


class TextEventStreamer:
    """Receives ids from ``generate`` (``put``/``end``) and yields StreamEvents to the reader."""

    def __init__(self, vocab, skip_prompt=True):
        self.vocab = vocab
        self.skip_prompt = skip_prompt
        self.events = queue.Queue()  # cycle
        self.cancelled = False
        self._prompt_seen = False
        self._index = 0

    def _emit(self, kind, text):
        self.events.put(StreamEvent(kind, text, self._index, self))  # cycle
        self._index += 1

    def put(self, token_ids):
        if self.skip_prompt and not self._prompt_seen:
            self._prompt_seen = True
            return
        for tok in token_ids.flatten().tolist():
            self._emit("token", self.vocab.decode_token(tok))

    def end(self):
        self._emit("end", "")

    def cancel(self):
        self.cancelled = True

    def __iter__(self):
        while True:
            event = self.events.get(timeout=5.0)
            if event.kind == "end":
                return
            yield event
