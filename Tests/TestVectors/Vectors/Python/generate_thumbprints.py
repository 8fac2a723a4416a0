# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0

# Writes RFC/jwk-thumbprints.json (RFC 7638 §3.1, RFC 9449 §6.1, RFC 8037 A.3 examples), recomputing each thumbprint.

import json,hashlib,base64
def b64(b): return base64.urlsafe_b64encode(b).rstrip(b'=').decode()
rsa={"kty":"RSA","n":"0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw","e":"AQAB","alg":"RS256","kid":"2011-04-29"}
ec={"kty":"EC","x":"l8tFrhx-34tV3hRICRDY9zCkDlpBhF42UQUfWVAWBFs","y":"9VE4jf_Ok_o64zbTTlcuNJajHmt6v9TDVrU0CdvGRDA","crv":"P-256"}
okp={"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}
def tp(j,req): return b64(hashlib.sha256(json.dumps({k:j[k] for k in sorted(req)},separators=(',',':')).encode()).digest())
a=tp(rsa,["e","kty","n"]); b=tp(ec,["crv","kty","x","y"]); c=tp(okp,["crv","kty","x"])
print(a, a=="NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs"); print(b, b=="0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I"); print(c, c=="kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k")
doc={"source":"RFC 7638 §3.1 (the RSA key of RFC 7517 Appendix A.1 and its thumbprint) and RFC 9449 §4.1/§6.1 (the example DPoP proof key and its jkt) and RFC 8037 Appendix A.3 (the Ed25519 key and its thumbprint), as printed in the RFCs; every thumbprint recomputed with Python's hashlib and json","cases":[
 {"source":"RFC 7638 §3.1","jwk":json.dumps(rsa,separators=(',',':')),"thumbprint":a},
 {"source":"RFC 9449 §6.1","jwk":json.dumps(ec,separators=(',',':')),"thumbprint":b},
 {"source":"RFC 8037 Appendix A.3","jwk":json.dumps(okp,separators=(',',':')),"thumbprint":c}]}
open(__import__('os').path.join(__import__('os').path.dirname(__file__),'..','RFC','jwk-thumbprints.json'),'w').write(json.dumps(doc,indent=2,ensure_ascii=False)+"\n")
