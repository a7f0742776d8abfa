"""Process-wide defaults, configured once and read by indexes and retrievers (LlamaIndex-style)."""


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
        self._embed_model = model  # retain


Settings = _Settings()
