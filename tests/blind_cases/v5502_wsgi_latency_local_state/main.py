"""In-process smoke test of the scoring service through its WSGI stack."""
import io
import json
import random
from wsgiref.util import setup_testing_defaults

from app import Scorer, ScoringApp
from middleware import ServingMiddleware


def call(app, payload):
    body = json.dumps(payload).encode()
    environ = {}
    setup_testing_defaults(environ)
    environ.update({
        "REQUEST_METHOD": "POST",
        "PATH_INFO": "/score",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(body)),
        "wsgi.input": io.BytesIO(body),
    })
    seen = {}

    def start_response(status, headers, exc_info=None):
        seen["status"], seen["headers"] = status, dict(headers)
        return lambda chunk: None

    chunks = app(environ, start_response)
    return seen["status"], seen["headers"], b"".join(chunks)


def main():
    rng = random.Random(0)
    app = ServingMiddleware(ScoringApp(Scorer(in_features=8)))
    for i in range(6):
        n = rng.randint(1, 4)
        feats = [[rng.gauss(0, 1) for _ in range(8 if i != 3 else 5)] for _ in range(n)]
        status, headers, body = call(app, {"features": feats})
        print(status, headers["X-Request-Id"], headers["X-Latency-Ms"], body[:60])


if __name__ == "__main__":
    main()
