#!/usr/bin/env python3
"""A link's faults where the kernel has no netem (Scripts/net-faults.sh runs it in a namespace).

The namespace's nftables rules send its packets to and from the server to NFQUEUE queue 0; this
program holds each one and gives the kernel its verdict: accepted DELAY ms after it came (in the
order they came, as one link keeps them), or dropped with probability LOSS %. The packets stay in
the kernel: only their ids come here (NFQNL_COPY_META), and TCP between the two ends is untouched.

  net-faults-link.py CONTROL STATS [LIFETIME]

CONTROL holds "DELAY_MS LOSS_PERCENT" ("0 0": a clean link, "200 0", "0 5", "0 100": a
partition); it is read again whenever it changes. STATS gets one JSON line of counts at the end
(SIGTERM) and every second. It ends by itself after LIFETIME seconds (default 600): a guard, the
script stops it long before. Only the standard library: nfnetlink spoken through a raw socket.
"""
import collections
import json
import os
import random
import select
import signal
import socket
import struct
import sys
import time

NETLINK_NETFILTER = 12
NFNL_SUBSYS_QUEUE = 3
NFQNL_MSG_PACKET, NFQNL_MSG_VERDICT, NFQNL_MSG_CONFIG, NFQNL_MSG_VERDICT_BATCH = 0, 1, 2, 3
NFQA_CFG_CMD, NFQA_CFG_PARAMS, NFQA_CFG_QUEUE_MAXLEN = 1, 2, 3
NFQA_PACKET_HDR, NFQA_VERDICT_HDR = 1, 2
NFQNL_CFG_CMD_BIND = 1
NFQNL_COPY_META = 1
NF_DROP, NF_ACCEPT = 0, 1
NLM_F_REQUEST, NLM_F_ACK = 1, 4
NLMSG_ERROR = 2
SOL_NETLINK, NETLINK_NO_ENOBUFS = 270, 5
SO_RCVBUFFORCE = 33
QUEUE = 0

control, stats_path = sys.argv[1], sys.argv[2]
lifetime = float(sys.argv[3]) if len(sys.argv) > 3 else 600.0
sock = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, NETLINK_NETFILTER)
sock.bind((0, 0))
sock.setsockopt(socket.SOL_SOCKET, SO_RCVBUFFORCE, 32 << 20)
sock.setsockopt(SOL_NETLINK, NETLINK_NO_ENOBUFS, 1)
seq = 0


def attr(kind, payload):
    length = 4 + len(payload)
    return struct.pack("=HH", length, kind) + payload + b"\0" * ((4 - length % 4) % 4)


def send(message, attrs, flags=NLM_F_REQUEST):
    global seq
    seq += 1
    body = struct.pack("=BBH", socket.AF_UNSPEC, 0, socket.htons(QUEUE)) + b"".join(attrs)
    header = struct.pack("=IHHII", 16 + len(body), (NFNL_SUBSYS_QUEUE << 8) | message, flags, seq, 0)
    sock.send(header + body)


def configure(attrs):
    send(NFQNL_MSG_CONFIG, attrs, NLM_F_REQUEST | NLM_F_ACK)
    data = sock.recv(65536)
    length, kind = struct.unpack_from("=IH", data)
    if kind == NLMSG_ERROR:
        (error,) = struct.unpack_from("=i", data, 16)
        if error != 0:
            sys.exit(f"net-faults-link: NFQUEUE configuration refused: {os.strerror(-error)}")


configure([attr(NFQA_CFG_CMD, struct.pack("!BBH", NFQNL_CFG_CMD_BIND, 0, socket.AF_INET))])
configure([attr(NFQA_CFG_PARAMS, struct.pack("!IB", 0, NFQNL_COPY_META))])
configure([attr(NFQA_CFG_QUEUE_MAXLEN, struct.pack("!I", 50000))])

delay, loss, control_stamp = 0.0, 0.0, None
counts = {"accepted": 0, "dropped": 0, "delayed": 0, "maxHeld": 0, "modes": []}
held = collections.deque()  # (due, packet id), in the order they came
stop = False


def on_term(*_):
    global stop
    stop = True


signal.signal(signal.SIGTERM, on_term)
signal.signal(signal.SIGINT, on_term)


def read_control():
    global delay, loss, control_stamp
    try:
        stamp = os.stat(control).st_mtime_ns
    except FileNotFoundError:
        return
    if stamp == control_stamp:
        return
    control_stamp = stamp
    try:
        d, l = open(control).read().split()[:2]
        delay, loss = float(d) / 1000, float(l) / 100
        counts["modes"].append([round(time.monotonic(), 3), float(d), float(l)])
    except ValueError:
        pass


def verdict(packet_id, kind, message=NFQNL_MSG_VERDICT):
    send(message, [attr(NFQA_VERDICT_HDR, struct.pack("!II", kind, packet_id))])


def write_stats():
    with open(stats_path + ".tmp", "w") as f:
        json.dump(counts, f)
    os.replace(stats_path + ".tmp", stats_path)


end = time.monotonic() + lifetime
last_stats = 0.0
read_control()
while not stop and time.monotonic() < end:
    now = time.monotonic()
    if now - last_stats >= 1:
        read_control()
        write_stats()
        last_stats = now
    timeout = 0.02
    if held:
        timeout = min(timeout, max(0.0, held[0][0] - now))
    try:
        readable, _, _ = select.select([sock], [], [], timeout)
    except InterruptedError:
        continue
    if readable:
        read_control()
        # Every message waiting, without blocking.
        while True:
            try:
                data = sock.recv(1 << 16, socket.MSG_DONTWAIT)
            except BlockingIOError:
                break
            offset = 0
            while offset + 16 <= len(data):
                length, kind = struct.unpack_from("=IH", data, offset)
                if length < 16:
                    break
                if kind == (NFNL_SUBSYS_QUEUE << 8) | NFQNL_MSG_PACKET:
                    at = offset + 20  # past nlmsghdr and nfgenmsg
                    packet_id = None
                    while at + 4 <= offset + length:
                        alen, atype = struct.unpack_from("=HH", data, at)
                        if alen < 4:
                            break
                        if atype & 0x7FFF == NFQA_PACKET_HDR:
                            (packet_id,) = struct.unpack_from("!I", data, at + 4)
                        at += (alen + 3) & ~3
                    if packet_id is not None:
                        if loss > 0 and random.random() < loss:
                            verdict(packet_id, NF_DROP)
                            counts["dropped"] += 1
                        elif delay <= 0 and not held:
                            verdict(packet_id, NF_ACCEPT)
                            counts["accepted"] += 1
                        else:
                            held.append((time.monotonic() + delay, packet_id))
                            counts["delayed"] += 1
                            counts["maxHeld"] = max(counts["maxHeld"], len(held))
                offset += (length + 3) & ~3
    # Each packet held until it is due, in order: one verdict for the last of those due (the queue
    # gives ids in order, and every earlier one still queued is among them).
    now = time.monotonic()
    last = None
    while held and held[0][0] <= now:
        last = held.popleft()[1]
        counts["accepted"] += 1
    if last is not None:
        verdict(last, NF_ACCEPT, NFQNL_MSG_VERDICT_BATCH)

# What is still held goes through (a link being taken away ends, it does not drop what it carries).
if held:
    verdict(held[-1][1], NF_ACCEPT, NFQNL_MSG_VERDICT_BATCH)
write_stats()
