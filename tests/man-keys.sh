# man-keys.sh: man/chase.1's METADATA AND RESULTS names every metadata and
# results key of every kind that data/chase-format.schema.json names (the
# schema that tests/schema.sh holds chase's output to): a key a kind
# writes must appear in that kind's subsection or in "Every kind".  A key
# of a pattern (level.line_bytes, TLBn.miss_cycles, groups_bits) must
# appear with its placeholder; alternatives ((lo|hi)) each.  The check can
# fail: a copy of the page without one key's entry is refused.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

command -v python3 > /dev/null 2>&1 || skip_all "python3 is needed to read the schema"
cat > "$tmp/keys.py" << 'PY'
import json, re, sys

schema = json.load(open(sys.argv[1]))["$defs"]
man = open(sys.argv[2]).read()
m = re.search(r"^\.SH METADATA AND RESULTS\n(.*?)^\.SH ", man, re.S | re.M)
if not m:
    print("no section METADATA AND RESULTS")
    sys.exit(1)

def plain(t):
    # roff to the words a reader sees: fonts, escapes and tbl's markup gone
    t = re.sub(r"\\f(\[[^]]*\]|\(..|.)", "", t)
    t = t.replace("\\-", "-").replace("\\e", "\\").replace("\\&", "").replace("\\(mu", "x")
    return t

subs = {}
for part in re.split(r"^\.SS ", m.group(1), flags=re.M)[1:]:
    title, _, body = part.partition("\n")
    subs[title.strip()] = plain(body)
common = subs.get("Every kind", "")

def expand(p):
    g = re.search(r"\(([^()]*)\)", p)
    if not g:
        return [p]
    # the innermost group's alternatives, each in place of the group
    return [q for alt in g.group(1).split("|") for q in expand(p[:g.start()] + alt + p[g.end():])]

def alternatives(p):
    # split a top-level alternation: ^driver\.(A|B|C)$ -> A, B, C within the prefix
    return expand(p.strip("^$"))

# A placeholder in the page is a word: level, n, bits, name.
WORD = "[A-Za-z][A-Za-z0-9_]*"
def matcher(p):
    r = p.replace("[A-Za-z0-9_]+", WORD).replace("[0-9]+", "(?:[0-9]+|" + WORD + ")")
    r = r.replace(".*", "(?:" + WORD + ")?").replace(".+", WORD)
    return re.compile(r"(?<![A-Za-z0-9_.])" + r + r"(?![A-Za-z0-9_])")

missing = []
kinds = sorted(k[5:] for k in schema if k.startswith("meta."))
total = 0
for kind in kinds:
    text = subs.get(kind, "") + "\n" + common
    for part in ("meta", "results"):
        d = schema.get(part + "." + kind, {})
        for key in d.get("properties", {}):
            total += 1
            if not matcher(re.escape(key)).search(text):
                missing.append(f"{kind} {part} {key}")
        for pat in d.get("patternProperties", {}):
            for alt in alternatives(pat):
                total += 1
                if not matcher(alt).search(text):
                    missing.append(f"{kind} {part} /{alt}/")
print(f"{total} keys of {len(kinds)} kinds, " + ("each named" if not missing else f"{len(missing)} not named: " + "; ".join(missing)))
sys.exit(1 if missing or total < 100 else 0)
PY

schema=$srcdir/data/chase-format.schema.json
man=$srcdir/man/chase.1
out=$(python3 "$tmp/keys.py" "$schema" "$man" 2>&1)
rc=$?
check "chase.1 names every metadata and results key: $out" test $rc -eq 0

# The check can fail: without the entry of a results key, of a pattern's
# key, or of a key of one kind only, it names what is missing.
for row in '\fIlevel\fP.sector_bytes' 'TLB\fIn\fP.miss_se' 'groups_method'; do
    ROW="\\fB$row\\fR " awk 'index($0, ENVIRON["ROW"]) != 1' "$man" > "$tmp/cut.1"
    [ "$(wc -l < "$tmp/cut.1")" -lt "$(wc -l < "$man")" ] || not_ok "the page has no entry of $row to take out"
    out=$(python3 "$tmp/keys.py" "$schema" "$tmp/cut.1" 2>&1)
    check "without the entry of $(printf '%s' "$row" | sed 's/\\f[IP]//g') the check fails: $(echo "$out" | sed 's/.*not named: //')" \
        sh -c '! python3 "$1" "$2" "$3" > /dev/null 2>&1' sh "$tmp/keys.py" "$schema" "$tmp/cut.1"
done
finish
