"""Seat tokens are typed on command lines, so none may look like an option."""

from service.core.auth import new_token


def test_no_seat_token_begins_with_a_dash_that_a_command_line_reads_as_an_option() -> None:
    tokens = [new_token() for _ in range(5000)]  # about 78 would begin with '-' by chance
    assert not [t for t in tokens if t.startswith("-")]
    assert len(set(tokens)) == len(tokens)
    assert all(len(t) == 32 for t in tokens)
