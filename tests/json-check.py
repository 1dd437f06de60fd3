# json-check.py: validates JSON files against chase's schema
# (data/chase-format.schema.json).  It checks the parts of JSON Schema
# 2020-12 the schema uses itself, so the tests need no module beyond
# Python's; where the jsonschema module is installed it checks with that too
# (and checks the schema is a valid 2020-12 schema).
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
# Usage: python3 json-check.py SCHEMA FILE...
import json
import re
import sys


def is_type(v, t):
    if t == "null":
        return v is None
    if t == "boolean":
        return isinstance(v, bool)
    if t == "integer":
        return (isinstance(v, int) and not isinstance(v, bool)) or (isinstance(v, float) and v.is_integer())
    if t == "number":
        return isinstance(v, (int, float)) and not isinstance(v, bool)
    if t == "string":
        return isinstance(v, str)
    if t == "array":
        return isinstance(v, list)
    if t == "object":
        return isinstance(v, dict)
    raise ValueError("type %r is not handled here" % t)


class Checker:
    # Every keyword the schema may use; any other is an error of the
    # checker (the schema would ask for something not checked).
    handled = {"$schema", "$defs", "$ref", "title", "description", "type", "const", "enum", "required",
               "properties", "patternProperties", "additionalProperties", "items", "minItems", "minimum",
               "maximum", "pattern", "propertyNames", "oneOf", "allOf", "if", "then", "else"}

    def __init__(self, root):
        self.root = root

    types = {"null", "boolean", "integer", "number", "string", "array", "object"}

    def check_schema(self, s, where="#"):
        """Fails (ValueError) on any part of the schema this checker would
        not check as written: an unknown keyword or type, a pattern that is
        not a regular expression, a reference that leads nowhere."""
        if isinstance(s, bool):
            return
        if not isinstance(s, dict):
            raise ValueError("%s: a schema is an object or a boolean, not %r" % (where, s))
        unknown = set(s) - self.handled
        if unknown:
            raise ValueError("%s: schema keywords not handled here: %s" % (where, sorted(unknown)))
        if "type" in s:
            t = s["type"] if isinstance(s["type"], list) else [s["type"]]
            if not t or set(t) - self.types:
                raise ValueError("%s: unknown type in %r" % (where, s["type"]))
        for p in [s.get("pattern")] + list(s.get("patternProperties", {})):
            if p is not None:
                re.compile(p)
        if "$ref" in s:
            self.resolve(s["$ref"])
        for k in ("additionalProperties", "items", "propertyNames", "if", "then", "else"):
            if k in s:
                self.check_schema(s[k], "%s/%s" % (where, k))
        for k in ("properties", "patternProperties", "$defs"):
            for name, sub in s.get(k, {}).items():
                self.check_schema(sub, "%s/%s/%s" % (where, k, name))
        for k in ("oneOf", "allOf"):
            for i, sub in enumerate(s.get(k, [])):
                self.check_schema(sub, "%s/%s/%d" % (where, k, i))

    def resolve(self, ref):
        if not ref.startswith("#/"):
            raise ValueError("only local references: %s" % ref)
        node = self.root
        for part in ref[2:].split("/"):
            node = node[part]
        return node

    def errors(self, s, v, where):
        """Every way v fails schema s, as 'where: why' strings."""
        if s is True:
            return []
        if s is False:
            return ["%s: not allowed" % where]
        if not isinstance(s, dict):
            raise ValueError("%s: a schema is an object or a boolean, not %r" % (where, s))
        unknown = set(s) - self.handled
        if unknown:
            raise ValueError("schema keywords not handled here: %s" % sorted(unknown))
        out = []
        if "$ref" in s:
            out += self.errors(self.resolve(s["$ref"]), v, where)
        if "type" in s:
            types = s["type"] if isinstance(s["type"], list) else [s["type"]]
            if not any(is_type(v, t) for t in types):
                return out + ["%s: %r is not %s" % (where, v, " or ".join(types))]
        if "const" in s and not (v == s["const"] and type(v) is type(s["const"])):
            out.append("%s: %r is not %r" % (where, v, s["const"]))
        if "enum" in s and v not in s["enum"]:
            out.append("%s: %r is not one of %s" % (where, v, s["enum"]))
        if is_type(v, "number"):
            if "minimum" in s and v < s["minimum"]:
                out.append("%s: %r is below %r" % (where, v, s["minimum"]))
            if "maximum" in s and v > s["maximum"]:
                out.append("%s: %r is above %r" % (where, v, s["maximum"]))
        if isinstance(v, str) and "pattern" in s and not re.search(s["pattern"], v):
            out.append("%s: %r does not match %s" % (where, v, s["pattern"]))
        if isinstance(v, dict):
            for k in s.get("required", []):
                if k not in v:
                    out.append("%s: %r is missing" % (where, k))
            props = s.get("properties", {})
            patterns = s.get("patternProperties", {})
            for k, x in v.items():
                if "propertyNames" in s:
                    out += self.errors(s["propertyNames"], k, "%s: the key %r" % (where, k))
                matched = [p for p in patterns if re.search(p, k)]
                if k in props:
                    out += self.errors(props[k], x, "%s.%s" % (where, k))
                for p in matched:
                    out += self.errors(patterns[p], x, "%s.%s" % (where, k))
                if k not in props and not matched and "additionalProperties" in s:
                    extra = self.errors(s["additionalProperties"], x, "%s.%s" % (where, k))
                    if s["additionalProperties"] is False:
                        extra = ["%s: %r is not a key the schema names here" % (where, k)]
                    out += extra
        if isinstance(v, list):
            if "minItems" in s and len(v) < s["minItems"]:
                out.append("%s: fewer than %d items" % (where, s["minItems"]))
            if "items" in s:
                for i, x in enumerate(v):
                    out += self.errors(s["items"], x, "%s[%d]" % (where, i))
        if "oneOf" in s:
            passing = [i for i, sub in enumerate(s["oneOf"]) if not self.errors(sub, v, where)]
            if len(passing) != 1:
                detail = "; ".join(e for sub in s["oneOf"] for e in self.errors(sub, v, where)[:2])
                out.append("%s: matches %d of oneOf's %d schemas, not one (%s)" % (where, len(passing),
                                                                                 len(s["oneOf"]), detail))
        for i, sub in enumerate(s.get("allOf", [])):
            out += self.errors(sub, v, where)
        if "if" in s:
            branch = "else" if self.errors(s["if"], v, where) else "then"
            if branch in s:
                out += self.errors(s[branch], v, where)
        return out


def main():
    schema = json.load(open(sys.argv[1]))
    checker = Checker(schema)
    checker.check_schema(schema)
    try:
        import jsonschema
        jsonschema.Draft202012Validator.check_schema(schema)
        full = jsonschema.Draft202012Validator(schema)
    except ImportError:
        full = None
    bad = 0
    for path in sys.argv[2:]:
        try:
            doc = json.load(open(path))
        except ValueError as e:
            print("%s: not JSON: %s" % (path, e))
            bad += 1
            continue
        errs = checker.errors(schema, doc, path)
        if full is not None:
            errs += ["%s: jsonschema: %s" % (path, e.message) for e in full.iter_errors(doc)]
        for e in errs[:10]:
            print(e if len(e) <= 400 else e[:400] + "...")
        bad += bool(errs)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
