"""WSGI middleware for the scoring service: request ids, latency headers, error pages."""
import itertools
import time

_request_ids = itertools.count(1)


class ServingMiddleware:
    def __init__(self, app, service_name="ranker"):
        self.app = app
        self.service_name = service_name
        self.served = 0

    def __call__(self, environ, start_response):
        request_id = "%s-%06d" % (self.service_name, next(_request_ids))
        started = time.perf_counter()
        environ["serving.request_id"] = request_id
        environ["serving.started"] = started

        def timed_start_response(status, headers, exc_info=None):
            elapsed_ms = (time.perf_counter() - started) * 1000.0
            headers = list(headers) + [
                ("X-Request-Id", request_id),
                ("X-Latency-Ms", "%.2f" % elapsed_ms),
            ]
            return start_response(status, headers, exc_info)

        self.served += 1
        try:
            return self.app(environ, timed_start_response)
        except ValueError as err:
            body = ("bad request: %s" % err).encode()
            timed_start_response("400 Bad Request", [("Content-Type", "text/plain"),
                                                     ("Content-Length", str(len(body)))])
            return [body]
