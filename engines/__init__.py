"""Pure rules engines, one sub-package per game, behind the contract in engines/base.py."""
