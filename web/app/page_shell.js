// The page's one shell around the game controllers: it starts the chosen
// game's controller and, when the player picks another game, tears that one
// down (its AI and timers, its listeners, its engine session, its part of
// the page) and starts the next in place with that game's own saved game:
// no reload. The test hook (window.qipan) follows whichever controller is
// current.
import { OnlineEntry } from '../online/online_entry.js';
import { mountControls, unmountControls } from './game_controls.js';
import { installTestHook } from './test_hook.js';

export class PageShell {
  // games: the page's game definitions (web/games/index.js); options:
  // {engine, workerSource, root}.
  constructor(games, options) {
    this.games = games;
    this.options = { ...options, games, shell: this };
    this.app = null;
    installTestHook(() => this.app);
    // The game picker offers the page's games in their order, each named in
    // the page's language (data-i18n).
    const picker = options.root.querySelector('#game-picker');
    picker.replaceChildren(
      ...games.map((g) => {
        const option = document.createElement('option');
        option.value = g.id;
        option.dataset.i18n = g.label;
        return option;
      }),
    );
  }

  has(game) {
    return this.games.some((g) => g.id === game);
  }

  definition(game) {
    return this.games.find((g) => g.id === game);
  }

  start(game) {
    document.body.dataset.game = game; // the game's theme (its theme.css) follows it
    const definition = this.definition(game);
    mountControls(this.options.root, definition.controls);
    const app = new definition.App(this.options);
    this.app = app;
    app.start();
    app.onlineEntry = new OnlineEntry(app);
    return app;
  }

  switchGame(game) {
    const old = this.app;
    if (!old || !this.has(game) || game === old.id) return;
    old.settings.game = game; // the choice a reload comes back to
    old.persist();
    old.saveSettings();
    this.stop(old);
    const app = this.start(game);
    app.emit('switch', { from: old.id, to: game });
  }

  // A room of another game, opened from the lobby: that game's controller
  // in place of this one, the offline choice unchanged (as with an invite
  // link, which boots straight into its room's game).
  startRoomGame(game) {
    if (this.app) this.stop(this.app);
    return this.start(game);
  }

  stop(app) {
    app.destroy();
    // The online dialog words the old game's seats and options; a new one is
    // built for the next game when it is opened. A connection tried from it
    // (no room joined: the picker is hidden in a room) is closed.
    app.onlineEntry?.client?.close?.();
    this.options.root.querySelector('#online-dialog')?.remove();
    this.options.root.querySelector('#lobby-dialog')?.remove();
    this.options.root.querySelector('#account-dialog')?.remove();
    this.options.root.querySelector('#profile-dialog')?.remove();
    unmountControls(this.options.root);
    this.app = null;
  }
}
