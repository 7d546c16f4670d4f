"""The app's screens.  Import a screen from its module: this package stays empty so that
opening one screen does not import the others (and the engines behind the tables)."""
