#!/usr/bin/env python3
"""Draws the example layouts' icons as 48x48 RGBA PNGs, using only the standard library.

    python3 Layouts/tools/make-icons.py     # rewrites Layouts/*.png and Shop's asset catalog

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


# The Shop example's asset catalog: image sets of one 1x PNG (48 x 48 pt), with Xcode's
# Direction setting where the image points in reading order.
CATALOG = {
    # A shopping bag: a body and a handle. Symmetric, the same in both directions.
    "bag": (None, [
        ("polygon", [(8, 16), (40, 16), (43, 44), (5, 44)]),
        ("polygon", [(16, 16), (17, 8), (24, 4), (31, 8), (32, 16), (29, 16), (28, 10), (24, 7), (20, 10), (19, 16)]),
    ]),
    # "Continue": an arrow that points forward, so its image set's Direction is Left to Right
    # and it is drawn mirrored in right-to-left languages.
    "continue": ("left-to-right", ICONS["arrow-right.png"]),
}


def catalog_contents(name, direction):
    entry = '      "filename" : "%s.png",\n      "idiom" : "universal",\n' % name
    if direction:
        entry += '      "language-direction" : "%s",\n' % direction
    entry += '      "scale" : "1x"\n'
    return ('{\n  "images" : [\n    {\n' + entry + '    }\n  ],\n'
            '  "info" : {\n    "author" : "xcode",\n    "version" : 1\n  }\n}\n')


def main():
    folder = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for name in sorted(ICONS):
        with open(os.path.join(folder, name), "wb") as file:
            file.write(png(render(ICONS[name])))
    catalog = os.path.join(folder, "Shop", "Assets.xcassets")
    os.makedirs(catalog, exist_ok=True)
    with open(os.path.join(catalog, "Contents.json"), "w") as file:
        file.write('{\n  "info" : {\n    "author" : "xcode",\n    "version" : 1\n  }\n}\n')
    for name in sorted(CATALOG):
        direction, shapes = CATALOG[name]
        imageset = os.path.join(catalog, name + ".imageset")
        os.makedirs(imageset, exist_ok=True)
        with open(os.path.join(imageset, name + ".png"), "wb") as file:
            file.write(png(render(shapes)))
        with open(os.path.join(imageset, "Contents.json"), "w") as file:
            file.write(catalog_contents(name, direction))


if __name__ == "__main__":
    main()
