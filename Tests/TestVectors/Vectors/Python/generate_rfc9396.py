# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0
"""Writes ../RFC/rfc9396-examples.json from RFC 9396's own XML (the RFC Editor's rfc9396.xml, v3 format).

Usage: python3 generate_rfc9396.py rfc9396.xml

Every figure of the RFC whose text is a JSON array of authorization details (§2, §2.2, §3, §6.1) or a token
response body (§7, §7.1; the HTTP status line and headers dropped) is kept with its section, its title, the
text as printed, and what Python's json module makes of it: the compact serialization (members in the
order written, non-ASCII kept) and the list of types. No RAR implementation is used (Authlib 1.9.10 and
django-oauth-toolkit 3.4.1 have none: no "authorization_details" anywhere in either wheel).
"""

import json
import os
import sys
import xml.etree.ElementTree as ET


def figures(element, prefix=""):
    number = 0
    for child in element:
        if child.tag == "section":
            number += 1
            yield from figures(child, f"{prefix}{number}.")
        elif child.tag == "figure":
            name = child.find("name")
            title = " ".join("".join(name.itertext()).split()) if name is not None else ""
            for code in child.iter():
                if code.tag in ("sourcecode", "artwork"):
                    yield prefix.rstrip("."), title, code.text or ""


def compact(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def main(path):
    middle = ET.parse(path).getroot().find("middle")
    details, responses = [], []
    for section, title, text in figures(middle):
        text = text.strip("\n")
        body = text
        if text.startswith("HTTP/1.1 200 OK"):
            body = text[text.index("{"):]
        try:
            value = json.loads(body)
        except ValueError:
            continue
        if isinstance(value, list) and all(isinstance(e, dict) and "type" in e for e in value):
            details.append({"section": section, "title": title, "text": body, "compact": compact(value),
                            "types": [e["type"] for e in value]})
        elif isinstance(value, dict) and "access_token" in value and "authorization_details" in value:
            granted = value["authorization_details"]
            responses.append({"section": section, "title": title, "body": body, "compact": compact(granted),
                              "types": [e["type"] for e in granted]})
    out = {
        "source": "RFC 9396 (May 2023), every JSON figure of authorization_details arrays and token responses, "
        "extracted from the RFC Editor's XML by Python/generate_rfc9396.py; compact forms and types by Python's json",
        "details": details,
        "tokenResponses": responses,
    }
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "RFC", "rfc9396-examples.json"), "w") as f:
        json.dump(out, f, indent=2, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])
