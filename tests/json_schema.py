"""A small JSON Schema validator for the part of the standard that `docs/schemas/` uses.

Keywords: ``type`` (one name or a list), ``properties``, ``required``, ``additionalProperties``
(false, or a schema for every other key), ``items``, ``minItems``, ``maxItems``, ``enum``,
``anyOf``, ``$ref`` (``#/$defs/NAME`` in the same file, or ``FILE.json#/$defs/NAME`` beside
it), and the annotations ``$schema``, ``$id``, ``$defs``, ``title``, ``description``. Any other
keyword is refused, so a schema never says more than is checked.

Terminology:
- *path*: where in the document a value is, as ``$.games[0].points``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,),
    "array": (list,),
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "null": (type(None),),
}
ANNOTATIONS = frozenset({"$schema", "$id", "$defs", "title", "description"})
CHECKED = frozenset(
    {
        "type",
        "properties",
        "required",
        "additionalProperties",
        "items",
        "minItems",
        "maxItems",
        "enum",
        "anyOf",
        "$ref",
    }
)


class SchemaError(Exception):
    """A document that does not match its schema (or a schema this validator cannot read)."""


def load_schema(folder: Path, name: str) -> dict[str, Any]:
    """The schema `name` (``folder/name.json``), marked with the folder its references are in."""
    if not (folder / f"{name}.json").is_file():
        raise SchemaError(f"no schema {name}.json in {folder}")
    return {"$ref": f"{name}.json#", "$folder": str(folder)}


def validate(doc: Any, schema: dict[str, Any], folder: Path | None = None) -> None:
    """Raise `SchemaError` naming the first place where `doc` does not match `schema`."""
    if "$folder" in schema:
        folder = Path(schema["$folder"])
        schema = {"$ref": schema["$ref"]}
    _check(doc, schema, "$", schema, folder)


def _is(value: Any, name: str) -> bool:
    if name not in TYPES:
        raise SchemaError(f"unknown type {name!r}")
    if isinstance(value, bool) and name in ("integer", "number"):
        return False
    return isinstance(value, TYPES[name])


def _resolve(ref: str, root: dict[str, Any], folder: Path | None) -> tuple[dict[str, Any], Any]:
    """The schema a ``$ref`` names, and the root document its own references are read in."""
    file, _, pointer = ref.partition("#")
    if file:
        if folder is None:
            raise SchemaError(f"reference {ref!r} needs the schemas' folder")
        root = json.loads((folder / file).read_text(encoding="utf-8"))
    target: Any = root
    for part in [p for p in pointer.split("/") if p]:
        if not isinstance(target, dict) or part not in target:
            raise SchemaError(f"reference {ref!r} names nothing")
        target = target[part]
    return target, root


def _check(value: Any, schema: dict[str, Any], path: str, root: Any, folder: Path | None) -> None:
    unknown = set(schema) - CHECKED - ANNOTATIONS
    if unknown:
        raise SchemaError(f"{path}: the schema uses {sorted(unknown)}, which is not checked")
    if "$ref" in schema:
        target, root = _resolve(schema["$ref"], root, folder)
        _check(value, target, path, root, folder)
    if "type" in schema:
        names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_is(value, n) for n in names):
            raise SchemaError(f"{path}: {value!r} is not {' or '.join(names)}")
    if "enum" in schema and value not in schema["enum"]:
        raise SchemaError(f"{path}: {value!r} is not one of {schema['enum']}")
    if "anyOf" in schema:
        errors: list[SchemaError] = []
        for option in schema["anyOf"]:
            try:
                _check(value, option, path, root, folder)
                break
            except SchemaError as e:
                errors.append(e)
        else:  # the shape that got furthest into the value says what is wrong, if one did
            inside = [e for e in errors if not str(e).startswith(f"{path}: ")]
            if len(inside) == 1:
                raise inside[0]
            raise SchemaError(f"{path}: {value!r} matches none of {len(schema['anyOf'])} shapes")
    if isinstance(value, dict):
        _check_object(value, schema, path, root, folder)
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            raise SchemaError(f"{path}: fewer than {schema['minItems']} items")
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            raise SchemaError(f"{path}: more than {schema['maxItems']} items")
        if "items" in schema:
            for i, item in enumerate(value):
                _check(item, schema["items"], f"{path}[{i}]", root, folder)


def _check_object(
    value: dict[str, Any], schema: dict[str, Any], path: str, root: Any, folder: Path | None
) -> None:
    for key in schema.get("required", []):
        if key not in value:
            raise SchemaError(f"{path}: missing key {key!r}")
    properties = schema.get("properties", {})
    more = schema.get("additionalProperties", True)
    for key, item in value.items():
        if key in properties:
            _check(item, properties[key], f"{path}.{key}", root, folder)
        elif more is False:
            raise SchemaError(f"{path}: unknown key {key!r}")
        elif isinstance(more, dict):
            _check(item, more, f"{path}.{key}", root, folder)
