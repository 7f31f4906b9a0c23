#!/usr/bin/env python3
"""Writes the seed corpus of the fuzz targets under Data/Fuzz/.

query/     every query text of the fixture files, and queries on the fuzz
           target's own class (Fuzz/QueryFuzz.swift), some with a string
           argument after a NUL byte
document/  documents in Geode's encoding (Sources/GeodeCore/Encoding/DocumentFormat.swift)
csv/       the CSV and TSV files of Data/Fixtures/cli and a few more, each after
           the byte that picks its delimiter (Fuzz/CSVFuzz.swift)
The json target reads Data/Fixtures/import and Data/Fixtures/json as they are.
Run from the repository root; files are named by a hash of their bytes.
"""
import glob, hashlib, json, os, shutil, struct

ROOT = "Data/Fuzz"


def write(folder, data):
    os.makedirs(f"{ROOT}/{folder}", exist_ok=True)
    with open(f"{ROOT}/{folder}/{hashlib.sha1(data).hexdigest()[:16]}", "wb") as f:
        f.write(data)


def queries():
    found = set()

    def walk(o):
        if isinstance(o, dict):
            for k, v in o.items():
                if k in ("query", "predicate", "where") and isinstance(v, str):
                    found.add(v)
                walk(v)
        elif isinstance(o, list):
            for v in o:
                walk(v)

    for path in glob.glob("Data/Fixtures/**/*.json", recursive=True):
        try:
            with open(path) as f:
                walk(json.load(f))
        except (ValueError, UnicodeDecodeError):
            pass
    found |= {
        "name == 'item 3'", "score > 10 AND flag == true", "numbers.@count > 2", "ANY words == 'common'",
        "meta['rank'] >= 5", "anything.l[0] == true", "next.next.name BEGINSWITH 'item'",
        "@links.Item.next.@count > 0", "location geoWithin geoBox([-30, -20], [30, 20])",
        "location geoWithin geoCircle([0, 0], 0.2)", "amount BETWEEN {0, 2}", "when > T86400:0",
        'blob == B64"AQID"', "oid == oid(507f1f77bcf86cd799439011)",
        "SUBQUERY(previous, $p, $p.score > 3).@count > 0", "name LIKE[c] '*ITEM 1?'",
        "TRUEPREDICATE SORT(score DESC) DISTINCT(flag) LIMIT(5)", "anything.@type == 'dictionary'",
        "ratio IN {0.25, 0.5}", "score * 2 + 1 > amount", "(score + 1) * 2 == 8", "amount -1 > 2",
        "numbers * 2 > score / 0", "next == obj('Item', 3)", "next.@links.@count > 1", "next.@count == 1",
        "score == 1.5f", "when > 2001-01-01@00:00:00:5", "name\\ x == 'a'", "score >= -infinity",
    }
    for q in sorted(found):
        write("query", q.encode())
    # A NUL, then a string argument: shapes written as text, and values for $0.
    for q, argument in [
        ("location geoWithin $0", "GeoCircle([0.3, 0.3], 1)"),
        ("location geoWithin $0", "GeoPolygon({[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]})"),
        ("location geoWithin $0", "geoBox([-30, -20], [30, 20])"),
        ("$0 CONTAINS name", "item 1 and item 2"),
        ("name == $0", "item 3"),
        ("ANY words == $0", "common"),
    ]:
        write("query", q.encode() + b"\0" + argument.encode())


def varint(n):
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def container(values):
    """width 0 (1-byte offsets) when the payload allows, else 1 (2 bytes)."""
    offsets, payload = [], b""
    for v in values:
        offsets.append(len(payload))
        payload += v
    width = 0 if len(payload) < 256 else 1
    table = b"".join(o.to_bytes(1 << width, "little") for o in offsets)
    return bytes([width]) + varint(len(values)) + table + payload


def string(s):
    b = s.encode()
    return bytes([9]) + varint(len(b)) + b


def int8(i):
    return bytes([3, i & 0xFF])


def nested(tag, values):
    body = container(values)
    return bytes([tag]) + varint(len(body)) + body


def map_(pairs):
    values = [varint(2 * len(k.encode())) + k.encode() + v for k, v in pairs]
    return nested(17, values)


def documents():
    # An embedded point: a double longitude and a scaled-double latitude (48.85).
    point = nested(18, [string("Point"), nested(16, [bytes([8]) + struct.pack("<d", 2.35), bytes([19]) + (488500000).to_bytes(4, "little")])])
    write("document", container([int8(5), string("abc"), nested(16, [int8(1), int8(2)])]))
    write("document", container([map_([("type", string("Point")), ("tags", nested(16, [string("a"), bytes([0])]))])]))
    write("document", container([bytes([0]), bytes([1]), bytes([2]), point]))
    write("document", container([bytes([15]) + (1).to_bytes(4, "little") + (7).to_bytes(8, "little"), bytes([13]) + bytes(range(12))]))
    # A map key given by number (odd: number 0 of the key table).
    write("document", container([nested(17, [varint(1) + int8(7), varint(3) + string("x")])]))


def delimited():
    # CSVFuzz picks the delimiter from the first byte, modulo 4: , TAB ; |
    pick = {",": b"\x00", "\t": b"\x01", ";": b"\x02", "|": b"\x03"}
    for path in sorted(glob.glob("Data/Fixtures/cli/*.csv") + glob.glob("Data/Fixtures/cli/*.tsv")):
        with open(path, "rb") as f:
            write("csv", pick["\t" if path.endswith(".tsv") else ","] + f.read())
    write("csv", pick[";"] + b"name;lat;lon\nBern;46.95;7.45\nNowhere;;\n")
    write("csv", pick[","] + b'id,wkt\n1,"POLYGON ((0 0, 1 0, 1 1, 0 1, 0 0))"\n2,"MULTIPOINT ((1 2), (3 4))"\n')
    write("csv", pick[","] + b'id,geometry\n1,"{""type"":""Point"",""coordinates"":[1,2]}"\n')
    write("csv", pick["|"] + b'\xef\xbb\xbfa|b\n"x\ny"|007\ntrue|2024-05-01T12:00:00Z\n')


if __name__ == "__main__":
    # Only the seed folders: the README and crashes/ (reproducers) stay.
    for folder in ("query", "document", "csv"):
        shutil.rmtree(f"{ROOT}/{folder}", ignore_errors=True)
    queries()
    documents()
    delimited()
    for folder in ("query", "document", "csv"):
        print(folder, len(os.listdir(f"{ROOT}/{folder}")), "seeds")
