"""Developer tools run from the repository root (`python -m tools.<name>`): the corpus writers and the
protobuf generator. They may import any floor; no floor imports them, and the wheel does not ship them.
"""
