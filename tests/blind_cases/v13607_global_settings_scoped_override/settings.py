"""Process-wide defaults read by indexes and retrievers, with scoped overrides for experiments."""
import contextlib


class _Settings:
    def __init__(self):
        self._embed_model = None
        self.chunk_size = 12
        self.similarity_top_k = 2

    @property
    def embed_model(self):
        if self._embed_model is None:
            raise RuntimeError("Settings.embed_model is not configured")
        return self._embed_model

    @embed_model.setter
    def embed_model(self, model):
        self._embed_model = model

    @contextlib.contextmanager
    def override(self, **values):
        saved = dict(self.__dict__)
        try:
            for name, value in values.items():
                setattr(self, name, value)
            yield self
        finally:
            self.__dict__.update(saved)


Settings = _Settings()
