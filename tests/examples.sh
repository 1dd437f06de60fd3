# examples.sh: README.md's example outputs and man/chase.1's sample files
# are what tools/examples.sh makes from the committed data with the chase
# just built: an example that drifted from its data (a level report whose
# figures chase no longer prints) fails here; `make examples` rewrites them.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

if sh "$srcdir/tools/examples.sh" "$CHASE" "$srcdir" "$tmp/gen" 2> "$tmp/err"; then
    for f in README.md man/chase.1; do
        if cmp -s "$srcdir/$f" "$tmp/gen/$f"; then
            ok "$f: its examples are what chase makes of the data"
        else
            not_ok "$f differs from what tools/examples.sh makes (run make examples): $(diff "$srcdir/$f" "$tmp/gen/$f" | head -8 | tr '\n' '|')"
        fi
    done
    # The check can fail: an example edited by hand is caught.
    sed 's/^    L2 far  .*/    L2 far  an edited line/' "$srcdir/README.md" > "$tmp/edited.md"
    if grep -q 'an edited line' "$tmp/edited.md" && ! cmp -s "$tmp/edited.md" "$tmp/gen/README.md"; then
        ok "an example edited by hand differs from the generated one"
    else
        not_ok "the README holds no L2 far line to edit, or the edit went unseen"
    fi
else
    not_ok "tools/examples.sh failed: $(head -3 "$tmp/err")"
fi
# Its input is words only: an example holding shell syntax is refused.
mkdir -p "$tmp/bad/man"
printf '%s\n' '<!-- example: chase analyze data/h100.tsv; touch x -->' '<!-- end example -->' > "$tmp/bad/README.md"
cp "$srcdir/man/chase.1" "$tmp/bad/man/chase.1"
if sh "$srcdir/tools/examples.sh" "$CHASE" "$tmp/bad" "$tmp/bad-out" 2> "$tmp/err"; then
    not_ok "an example with shell syntax was run"
else
    grep -q 'holds shell syntax' "$tmp/err" && ok "an example with shell syntax is refused" ||
        not_ok "refused, but not for its syntax: $(head -2 "$tmp/err")"
fi
finish
