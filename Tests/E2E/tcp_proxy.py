#!/usr/bin/env python3
"""A TCP relay for the share tests: one window reaches the server through it, so that stopping it
takes that window (and only that one) offline. Prints nothing; stops on SIGTERM, closing every
connection it relays.

    tcp_proxy.py LISTEN_PORT TARGET_PORT      # both on 127.0.0.1
"""
import signal
import socket
import sys
import threading


def pump(source, sink):
    try:
        while True:
            data = source.recv(65536)
            if not data:
                break
            sink.sendall(data)
    except OSError:
        pass
    for s in (source, sink):
        try:
            s.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


def main():
    listen_port, target_port = int(sys.argv[1]), int(sys.argv[2])
    server = socket.socket()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", listen_port))
    server.listen(16)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    while True:
        client, _ = server.accept()
        try:
            upstream = socket.create_connection(("127.0.0.1", target_port))
        except OSError:
            client.close()
            continue
        for a, b in ((client, upstream), (upstream, client)):
            threading.Thread(target=pump, args=(a, b), daemon=True).start()


if __name__ == "__main__":
    main()
