#!/usr/bin/env python3
# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0
"""Writes the seed corpus of every fuzz target into OUTDIR/<target>/.

Seeds come from the vector files in Tests/TestVectors/Vectors (tokens, URIs, JSON documents, JWK Sets, form
bodies, WWW-Authenticate examples) and from Fuzz/Seeds/<target>/ (RFC examples of formats the vector files
do not hold). The fuzz binary adds the inputs it makes itself (its own signed tokens) with `--seeds`.
"""
import hashlib
import json
import os
import re
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
vectors = os.path.join(root, "Tests", "TestVectors", "Vectors")
out = sys.argv[1]
seeds = {}


def add(target, data):
    if isinstance(data, str):
        data = data.encode()
    if 0 < len(data) <= 65536:
        seeds.setdefault(target, {})[hashlib.sha1(data).hexdigest()] = data


def strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)


def objects(value):
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from objects(item)
    elif isinstance(value, list):
        for item in value:
            yield from objects(item)


jws = re.compile(r"^[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$")
for directory, _, files in os.walk(vectors):
    for name in sorted(files):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(directory, name), encoding="utf-8") as handle:
            document = json.load(handle)
        for index, value in enumerate(objects(document)):
            if index < 40:
                add("json", json.dumps(value, separators=(",", ":")))
            if "keys" in value and isinstance(value["keys"], list):
                add("jwks", json.dumps(value))
        for text in strings(document):
            if jws.match(text) and text.count(".") == 2 and len(text) > 20:
                add("jws", text)
                for segment in text.split("."):
                    add("base64url", segment)
            if "://" in text or text.startswith(("com.", "urn:", "mailto:")):
                add("uri", text)
                add("authorization-response", text)
            if text.startswith("{") and text.endswith("}"):
                add("json", text)
                if '"keys"' in text:
                    add("jwks", text)
        if name == "www-authenticate-examples.json":
            for case in document["cases"]:
                add("www-authenticate", case["field"])
        if name == "form-encoding.json":
            for text in strings(document):
                if "=" in text:
                    add("authorization-response", text)

folders = [(t, os.path.join(root, "Fuzz", "Seeds", t)) for t in os.listdir(os.path.join(root, "Fuzz", "Seeds")) if t != "regressions"]
regressions = os.path.join(root, "Fuzz", "Seeds", "regressions")
if os.path.isdir(regressions):
    folders += [(t, os.path.join(regressions, t)) for t in os.listdir(regressions)]
for target, folder in folders:
    if not os.path.isdir(folder):
        continue
    for directory, _, files in os.walk(folder):
        for name in files:
            with open(os.path.join(directory, name), "rb") as handle:
                add(target, handle.read())

for target, items in seeds.items():
    os.makedirs(os.path.join(out, target), exist_ok=True)
    for digest, data in items.items():
        with open(os.path.join(out, target, digest), "wb") as handle:
            handle.write(data)
    print(f"{target}: {len(items)} seeds")
