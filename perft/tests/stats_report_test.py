#!/usr/bin/env python3
"""perft stats --report: the HTML page in a real browser.

Usage: stats_report_test.py PERFT
Writes the report of two Eximo rulesets, checks its SVG plots, takes a
headless-Chromium screenshot and counts the pixels of A's and B's colours in it
(PNG decoded with the standard library). Exit status 1 on any failed check.
"""
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

PERFT = sys.argv[1]
TMP = tempfile.mkdtemp(prefix="stats_report_test_")
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAILED: " + what)


def png_pixels(path):
    """RGB(A) rows of a non-interlaced 8-bit PNG, as lists of tuples."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width, height, kind = 8, b"", 0, 0, 0
    while pos < len(data):
        length, tag = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if tag == b"IHDR":
            width, height, depth, kind = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and kind in (2, 6), "8-bit RGB or RGBA only"
        elif tag == b"IDAT":
            idat += body
        pos += 12 + length
    bpp = 3 if kind == 2 else 4
    raw, stride, rows, prev = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(width)])
        prev = line
    return rows


html = os.path.join(TMP, "stats.html")
p = subprocess.run([PERFT, "stats", "eximo", "--vs", "eximo:drops=optional", "--games", "300",
                    "--threads", "2", "--report", html], capture_output=True, text=True, timeout=300)
check(p.returncode == 0, "perft stats --report: exit %d %s" % (p.returncode, p.stderr))
page = open(html).read()
check(page.count("<svg") == 4, "four SVG plots: outcomes, metrics, lengths, branching")
check(page.count("<polyline") == 4, "length histogram and branching curve for A and B")
check(page.count("fill='#3b6fb6'") == 15 and page.count("fill='#d9822b'") == 15,
      "five outcome bars (w, b, draws, unfinished, first player) and ten metric bars for A "
      "and for B")
check(page.count("<rect class='metric'") == 20, "ten metric bars for A and for B")
check(page.count("<polygon class='band'") == 2, "the branching curves' interval bands, A and B")
for name in ("balance", "first-mover advantage", "completion", "drawishness", "timeouts",
             "duration (plies)", "branching", "lead changes", "lead change rate", "decisiveness"):
    check(page.count(">" + name + "</t") >= 2, "the metric %s drawn and in the table" % name)
check("n/a" not in page, "Eximo has every metric")
check("B against A" in page and ("p = " in page or "p < " in page), "the test table")
check("Game metrics" in page and "positions have " in page and "more legal moves under B" in page,
      "the metrics' differences in words (optional drops add moves)")
png = os.path.join(TMP, "stats.png")
profile = tempfile.mkdtemp(prefix="chromium_", dir=TMP)
subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + profile, "--screenshot=" + png,
                "--hide-scrollbars", "--window-size=1000,1800", "file://" + html],
               capture_output=True, timeout=120)
check(os.path.exists(png) and os.path.getsize(png) > 20000,
      "the browser's screenshot of the report is missing or blank")
if os.path.exists(png):
    pixels = png_pixels(png)
    counts = {(0x3b, 0x6f, 0xb6): 0, (0xd9, 0x82, 0x2b): 0}
    for row in pixels:
        for px in row:
            if px in counts:
                counts[px] += 1
    # The bars of w's and b's wins alone are about 200 x 13 pixels each.
    check(all(n > 2000 for n in counts.values()),
          "A's blue and B's orange drawn on the screenshot: %r" % counts)
shutil.rmtree(TMP, ignore_errors=True)
sys.exit(1 if failures else 0)
