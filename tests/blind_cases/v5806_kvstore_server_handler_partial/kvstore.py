"""Tiny TCP key/value store used as a TCPStore stand-in for in-process multi-rank runs."""
import functools
import socket
import socketserver
import threading
import time


class _StoreRequestHandler(socketserver.StreamRequestHandler):
    def __init__(self, request, client_address, server, *, store):
        self.store = store
        super().__init__(request, client_address, server)

    def handle(self):
        for line in self.rfile:
            op, key, *rest = line.decode().split()
            reply = self.store.apply(op, key, rest[0] if rest else None)
            self.wfile.write(f"{reply}\n".encode())


class KVStoreServer:
    def __init__(self, host="127.0.0.1"):
        self._data = {}
        self._lock = threading.Lock()
        handler = functools.partial(_StoreRequestHandler, store=self)  # cycle
        self._server = socketserver.ThreadingTCPServer((host, 0), handler)  # cycle
        self.address = self._server.server_address
        self._thread = None

    def apply(self, op, key, value):
        with self._lock:
            if op == "SET":
                self._data[key] = value
                return "OK"
            if op == "ADD":
                self._data[key] = str(int(self._data.get(key, "0")) + int(value))
                return self._data[key]
            if op == "GET":
                return self._data.get(key, "-")
        return "ERR"

    def start(self):
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.02})
        self._thread.start()
        return self

    def stop(self):
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()


class StoreClient:
    def __init__(self, address):
        self._sock = socket.create_connection(address)
        self._rfile = self._sock.makefile("rb")

    def request(self, op, key, value=""):
        self._sock.sendall(f"{op} {key} {value}\n".encode())
        return self._rfile.readline().decode().strip()

    def barrier(self, tag, world_size, timeout_s=10.0):
        self.request("ADD", f"barrier/{tag}", 1)
        deadline = time.monotonic() + timeout_s
        while int(self.request("GET", f"barrier/{tag}")) < world_size:
            if time.monotonic() > deadline:
                raise TimeoutError(f"barrier {tag} timed out")
            time.sleep(0.002)

    def close(self):
        self._rfile.close()
        self._sock.close()
