#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Independent reference for the derivation in Documentation/security/
randstruct.rst, written against Python's hashlib/hmac only.

  reference.py identity TAG MODE FIELD...   identity bytes in hex
  reference.py kat SEED_HEX IDENTITY_HEX N  same output as tests/kat/kat.c
  reference.py order SEED_HEX TAG FIELD...  full-mode field order for a
                                            struct whose fields are alike
  reference.py full SEED_HEX TAG NAME:SIZE:ALIGN...
                                            full-mode order of a struct of
                                            named fields, no bit-fields
                                            (version 4: a shuffle that fits
                                            as it is, its first and last
                                            units kept through 7 more
                                            shuffles of the rest, else the
                                            first-fit repair of the 8th's
                                            middle (of the whole when that
                                            does not fit), reversed when a
                                            draw of 1 says so and the
                                            reversal fits; drawn again,
                                            16 times at most, while the
                                            order grows the structure)
"""
import hashlib
import hmac
import struct
import sys


def enc_str(s):
    b = s.encode()
    return struct.pack("<I", len(b)) + b


def identity(tag, mode, fields):
    out = enc_str("randstruct-v1") + enc_str(tag) + bytes([mode])
    out += struct.pack("<I", len(fields))
    for name in fields:
        out += b"n" + enc_str(name)
    return out


class Stream:
    def __init__(self, seed, ident):
        self.seed, self.ident = seed, ident
        self.counter, self.words, self.halves = 0, [], []

    def word(self):
        if not self.words:
            msg = self.ident + struct.pack("<Q", self.counter)
            block = hmac.new(self.seed, msg, hashlib.sha256).digest()
            self.words = list(struct.unpack("<8I", block))
            self.counter += 1
        return self.words.pop(0)

    def half(self):
        if not self.halves:
            w = self.word()
            self.halves = [w & 0xffff, w >> 16]
        return self.halves.pop(0)

    def below(self, bound):
        """Rejection sampling: 16-bit values for bounds up to 2^16, else
        32-bit words."""
        if bound <= 1:
            return 0
        bits = 16 if bound <= 1 << 16 else 32
        limit = (1 << bits) - (1 << bits) % bound
        while True:
            w = self.half() if bits == 16 else self.word()
            if w < limit:
                return w % bound


def shuffle(stream, items):
    for i in range(len(items), 1, -1):
        j = stream.below(i)
        items[i - 1], items[j] = items[j], items[i - 1]
    return items


PLAIN_ATTEMPTS = 8


def plain_size(units, order):
    off, align = 0, 1
    for i in order:
        size, al = units[i]
        off = (off + al - 1) // al * al + size
        align = max(align, al)
    return (off + align - 1) // align * align


def first_fit(units, shuffled, off=0):
    """The repair from offset @off: the earliest unit needing no padding,
    else the earliest (no bit-fields here, so the run rules never
    decide)."""
    left, out = list(shuffled), []
    while left:
        pick = next((i for i in left if off % units[i][1] == 0), left[0])
        left.remove(pick)
        off = (off + units[pick][1] - 1) // units[pick][1] * units[pick][1]
        off += units[pick][0]
        out.append(pick)
    return out


MAX_ATTEMPTS = 16


def full_order(seed, tag, fields):
    """The plugin's choice: draws from one stream until an order does not
    grow the structure (16 at most, else the smallest)."""
    names = [f.split(":")[0] for f in fields]
    units = [tuple(int(x) for x in f.split(":")[1:]) for f in fields]
    s = Stream(seed, identity(tag, 0, names))
    limit = plain_size(units, range(len(units)))
    best = None
    for _ in range(MAX_ATTEMPTS):
        order = full_draw(s, units, limit)
        if plain_size(units, order) <= limit:
            return [names[i] for i in order]
        if best is None or plain_size(units, order) < plain_size(units, best):
            best = order
    return [names[i] for i in best]


def full_draw(s, units, limit):
    order = shuffle(s, list(range(len(units))))
    for _ in range(PLAIN_ATTEMPTS - 1):
        if plain_size(units, order) <= limit:
            return order
        if len(order) > 2:
            order[1:-1] = shuffle(s, order[1:-1])
        else:
            order = shuffle(s, order)
    if plain_size(units, order) <= limit:
        return order
    if len(order) > 2:
        repaired = order[:1] + first_fit(units, order[1:-1],
                                         units[order[0]][0]) + order[-1:]
    else:
        repaired = first_fit(units, order)
    if plain_size(units, repaired) > limit:
        repaired = first_fit(units, order)
    if s.below(2) and plain_size(units, repaired[::-1]) <= limit:
        repaired.reverse()
    return repaired


def main(argv):
    if argv[1] == "identity":
        print(identity(argv[2], int(argv[3]), argv[4:]).hex())
    elif argv[1] == "kat":
        seed, ident, n = bytes.fromhex(argv[2]), bytes.fromhex(argv[3]), int(argv[4])
        print("identity-sha256", hashlib.sha256(ident).hexdigest())
        s = Stream(seed, ident)
        print("words", " ".join("%08x" % s.word() for _ in range(8)))
        print("shuffle", " ".join(map(str, shuffle(Stream(seed, ident),
                                                     list(range(n))))))
    elif argv[1] == "order":
        seed, tag, fields = bytes.fromhex(argv[2]), argv[3], argv[4:]
        order = shuffle(Stream(seed, identity(tag, 0, fields)),
                        list(range(len(fields))))
        print(" ".join(fields[i] for i in order))
    elif argv[1] == "full":
        print(" ".join(full_order(bytes.fromhex(argv[2]), argv[3], argv[4:])))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
