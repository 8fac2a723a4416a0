# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0

# Writes RFC/rfc6979-p256-sha256.json: RFC 6979 §A.2.5 values (typed in from the RFC), each checked with
# cryptography (pip install cryptography==50.0.2). Run: python3 generate_rfc6979.py > ../RFC/rfc6979-p256-sha256.json
import json, hashlib
from cryptography.hazmat.primitives.asymmetric import ec
p=0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff
n=0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551
x=0xC9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721
cases=[("sample","A6E3C57DD01ABE90086538398355DD4C3B17AA873382B0F24D6129493D8AAD60","EFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716","F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8"),
("test","D16B6AE827F17175E040871A1C7EC3500192C4C92677336EC2537ACAEE0008E0","F1ABB023518351CD71D881567B1EA663ED3EFCF6C5132B354F28D3B0B7D38367","019F4113742A2B14BD25926B49C649155F267E60D3814B4C0CC84250E46F0083")]
pub=ec.derive_private_key(x,ec.SECP256R1()).public_key().public_numbers()
assert pub.x==0x60FED4BA255A9D31C961EB74C6356D68C049B8923B61FA6CE669622E60F29FB6 and pub.y==0x7903FE1008B8BC99A41AE9E95628BC64F2F1B20C2D7E9F5177A3C294D4462299
out=[]
for m,k,r,s in cases:
    k,r,s=int(k,16),int(r,16),int(s,16)
    R=ec.derive_private_key(k,ec.SECP256R1()).public_key().public_numbers()
    assert R.x%n==r
    e=int.from_bytes(hashlib.sha256(m.encode()).digest(),'big')
    assert s==pow(k,-1,n)*(e+r*x)%n
    slow=min(s,n-s)
    out.append(dict(message=m,k="%064x"%k,r="%064x"%r,s="%064x"%s,lowS="%064x"%slow))
doc=dict(source="RFC 6979 Appendix A.2.5 (ECDSA, 256 bits, prime field), private key x, public key Ux/Uy, and the SHA-256 signatures of \"sample\" and \"test\" (k, r, s) as printed in the RFC. lowS is min(s, n - s), computed by Python (the low-s form AuthJWT outputs); each r and s was checked with Python's cryptography 50.0.2 (r = x(kG) mod n, s = k^-1 (e + r x) mod n).",
 privateKey="%064x"%x, publicX="%064x"%pub.x, publicY="%064x"%pub.y, cases=out)
print(json.dumps(doc,indent=2))
