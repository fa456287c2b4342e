"""The API's specs, generated from proto/: `python -m tools.api_specs` writes docs/openapi.json and
docs/asyncapi.yaml (see tools/api_specs/__main__.py)."""
