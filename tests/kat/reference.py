#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Independent reference for the derivation in Documentation/security/
randstruct.rst, written against Python's hashlib/hmac only.

  reference.py identity TAG MODE FIELD...   identity bytes in hex
  reference.py kat SEED_HEX IDENTITY_HEX N  same output as tests/kat/kat.c
  reference.py order SEED_HEX TAG FIELD...  full-mode field order for a
                                            struct whose fields are alike
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
        self.counter, self.words = 0, []

    def word(self):
        if not self.words:
            msg = self.ident + struct.pack("<Q", self.counter)
            block = hmac.new(self.seed, msg, hashlib.sha256).digest()
            self.words = list(struct.unpack("<8I", block))
            self.counter += 1
        return self.words.pop(0)

    def below(self, bound):
        if bound <= 1:
            return 0
        limit = (1 << 32) - (1 << 32) % bound
        while True:
            w = self.word()
            if w < limit:
                return w % bound


def shuffle(stream, items):
    for i in range(len(items), 1, -1):
        j = stream.below(i)
        items[i - 1], items[j] = items[j], items[i - 1]
    return items


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
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
