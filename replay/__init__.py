"""Match logs: the file format, replay step by step, audit and narrative text."""
