#!/usr/bin/env python3
"""Draws the example layouts' icons as 48x48 RGBA PNGs, using only the standard library.

    python3 Layouts/tools/make-icons.py     # rewrites Layouts/*.png

The output is deterministic: the same script writes the same bytes. Shapes are polygons and
circles, anti-aliased by 4x4 supersampling; the colour is iOS's system blue on transparency.
"""
import os
import struct
import zlib

SIZE = 48
SAMPLES = 4
COLOR = (0, 122, 255)


def inside_polygon(x, y, points):
    """Even-odd rule."""
    result = False
    j = len(points) - 1
    for i in range(len(points)):
        xi, yi = points[i]
        xj, yj = points[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            result = not result
        j = i
    return result


def render(shapes):
    """shapes: ("polygon", [(x, y), ...]) or ("circle", (cx, cy, r)), in 48-unit coordinates."""
    rows = []
    for py in range(SIZE):
        row = bytearray([0])  # filter type 0
        for px in range(SIZE):
            hits = 0
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    x = px + (sx + 0.5) / SAMPLES
                    y = py + (sy + 0.5) / SAMPLES
                    for kind, data in shapes:
                        if kind == "polygon" and inside_polygon(x, y, data):
                            hits += 1
                            break
                        if kind == "circle" and (x - data[0]) ** 2 + (y - data[1]) ** 2 <= data[2] ** 2:
                            hits += 1
                            break
            alpha = round(255 * hits / (SAMPLES * SAMPLES))
            row += bytes(COLOR) + bytes([alpha]) if alpha else bytes(4)
        rows.append(bytes(row))
    return b"".join(rows)


def png(pixels):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(pixels, 9)) + chunk(b"IEND", b""))


def triangle_right(x0, x1, top=12, bottom=36):
    return ("polygon", [(x0, top), (x1, (top + bottom) / 2), (x0, bottom)])


def triangle_left(x0, x1, top=12, bottom=36):
    return ("polygon", [(x1, top), (x0, (top + bottom) / 2), (x1, bottom)])


ICONS = {
    # A right-pointing arrow: a shaft and a head. It points forward in reading order, so a
    # layout marks it mirrorsInRTL and it is drawn flipped in right-to-left languages.
    "arrow-right.png": [
        ("polygon", [(8, 21), (28, 21), (28, 12), (42, 24), (28, 36), (28, 27), (8, 27)]),
    ],
    # Playback controls: media controls stay left-to-right in every language.
    "rewind.png": [triangle_left(4, 24), triangle_left(22, 42)],
    "play.png": [triangle_right(12, 38, 8, 40)],
    "forward.png": [triangle_right(6, 26), triangle_right(24, 44)],
    # A bell (rate alerts): symmetric, never mirrored.
    "bell.png": [
        ("polygon", [(24, 6), (30, 8), (34, 13), (35, 22), (36, 30), (41, 35), (41, 37),
                     (7, 37), (7, 35), (12, 30), (13, 22), (14, 13), (18, 8)]),
        ("circle", (24, 40, 4)),
        ("circle", (24, 6, 2.5)),
    ],
}


def main():
    folder = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for name in sorted(ICONS):
        with open(os.path.join(folder, name), "wb") as file:
            file.write(png(render(ICONS[name])))


if __name__ == "__main__":
    main()
