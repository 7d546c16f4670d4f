"""truf-tui: Trufludo and Le Truc in the terminal."""

import logging

__version__ = "0.1.0"

# The technical side of the notices (e.g. SQLite's words about a damaged history) goes to
# the "truf_tui" loggers; nothing is printed over the game unless logging is configured.
logging.getLogger(__name__).addHandler(logging.NullHandler())
