"""Makes a cycle, then ends as argv[1] says: "exit3" (sys.exit(3)), "raise" (ValueError), "ok"."""
import sys


class Node:
    def __init__(self):
        self.me = self


def main(how):
    for _ in range(3):
        Node()
    print("script output", flush=True)
    if how == "exit3":
        sys.exit(3)
    if how == "raise":
        raise ValueError("boom from the script")


if __name__ == "__main__":
    main(sys.argv[1])
