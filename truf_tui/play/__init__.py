"""What a game is set up as, without Textual: the start screen's choices (:mod:`.config`:
``GameConfig``) and the matches and knockout tournament played from them (:mod:`.matches`,
F12).  Above the players (it checks tiers against theirs), below the app and the web."""
