#!/usr/bin/env python3
"""A static server for the web tests: Web/dist as python3 -m http.server serves it, plus what
reorder-server answers for a board's link: GET /boards/{B} is index.html with <base href="/">
injected, so the page's module and styles load from the root.

    python3 Tests/Web/serve.py PORT DIR
"""
import functools
import http.server
import os
import re
import sys


class Handler(http.server.SimpleHTTPRequestHandler):
    def do_GET(self):
        if re.fullmatch(r"/boards/[^/?#]+/?(\?.*)?", self.path):
            with open(os.path.join(self.directory, "index.html"), "rb") as f:
                page = f.read().replace(b"<head>", b'<head>\n<base href="/">', 1)
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)
            return
        super().do_GET()

    def log_message(self, format, *args):
        sys.stderr.write("%s\n" % (format % args))


if __name__ == "__main__":
    port, directory = int(sys.argv[1]), sys.argv[2]
    handler = functools.partial(Handler, directory=directory)
    http.server.ThreadingHTTPServer(("127.0.0.1", port), handler).serve_forever()
