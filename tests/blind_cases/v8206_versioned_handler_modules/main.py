"""Blue/green rollout of a sentiment model through the model store's management API."""
import os

from model_store import ModelStore

BASE_MANIFEST = {"handler": "sentiment_handler", "vocab": 1000, "dim": 32,
                 "labels": ["negative", "neutral", "positive"]}
ROLLOUT = [("1.0", 0), ("1.1", 1), ("2.0", 2)]
TRAFFIC = [
    {"text": "the replacement arrived quickly and works great"},
    {"text": "still waiting for my refund after three weeks"},
    {"text": "it is fine I guess"},
    {"text": "support closed my ticket without reading it"},
]


def main():
    store = ModelStore(os.path.dirname(os.path.abspath(__file__)))
    live = None
    for version, seed in ROLLOUT:
        store.register("sentiment", version, dict(BASE_MANIFEST, seed=seed))
        canary = store.predict("sentiment", version, TRAFFIC[:2])
        if live is not None:
            baseline = store.predict("sentiment", live, TRAFFIC[:2])
            agreement = sum(a == b for a, b in zip(canary, baseline)) / len(canary)
            print(f"{version} vs {live}: canary agreement {agreement:.2f}")
            store.unregister("sentiment", live)
        live = version
        print(f"live={live} registered={store.versions('sentiment')} -> {store.predict('sentiment', live, TRAFFIC)}")
    store.unregister("sentiment", live)


if __name__ == "__main__":
    main()
