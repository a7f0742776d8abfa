"""Localised prompt templates, installed as gettext's ``_`` only while evaluating."""
import builtins
import contextlib
import gettext

import torch

TEMPLATE_IDS = ("a photo of a {}.", "a blurry photo of a {}.", "a drawing of a {}.")

TRANSLATIONS = {
    "de": {"a photo of a {}.": "ein Foto von einem {}.",
           "a blurry photo of a {}.": "ein unscharfes Foto von einem {}.",
           "a drawing of a {}.": "eine Zeichnung von einem {}."},
    "fr": {"a photo of a {}.": "une photo d'un {}.",
           "a blurry photo of a {}.": "une photo floue d'un {}.",
           "a drawing of a {}.": "un dessin d'un {}."},
}


class PromptCatalog(gettext.NullTranslations):
    def __init__(self, lang, tokenizer, text_tower):
        super().__init__()
        self.lang = lang
        self.table = TRANSLATIONS.get(lang, {})
        self.tokenizer = tokenizer
        self.text_tower = text_tower
        self._class_cache = {}

    def gettext(self, message):
        return self.table.get(message, message)

    @contextlib.contextmanager
    def installed(self):
        missing = object()
        previous = builtins.__dict__.get("_", missing)
        self.install()
        try:
            yield self
        finally:
            if previous is missing:
                builtins.__dict__.pop("_", None)
            else:
                builtins.__dict__["_"] = previous

    @torch.no_grad()
    def class_embeddings(self, classnames):
        key = tuple(classnames)
        if key not in self._class_cache:
            rows = []
            for name in classnames:
                prompts = [_(t).format(name) for t in TEMPLATE_IDS]  # noqa: F821
                emb = self.text_tower(self.tokenizer(prompts)).mean(0)
                rows.append(emb / emb.norm())
            self._class_cache[key] = torch.stack(rows)
        return self._class_cache[key]
