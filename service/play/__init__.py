"""Playing a seat with one message per move: the Play stream and the legal commands it carries."""
