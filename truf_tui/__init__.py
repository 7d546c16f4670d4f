"""truf-tui: Trufludo and Le Truc in the terminal."""

__version__ = "0.1.0"
