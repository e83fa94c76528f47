// The online lobby (server/PROTOCOL.md "Lobby: seeks, quick pairing and
// games to watch"): what the 在线 / Online button opens. While its dialog is
// open the page is subscribed to the server's lists (again after every
// reconnection, whose hello room_client.js has said first); the player pairs
// by quick pairing (`seek:quick`), creates a seek and waits for it to be
// taken, accepts someone's seek, watches a public game, or opens one of
// their own games at its room's own address. A pairing opens the new room
// through the online entry exactly as an invite does (the acceptor's ack is
// room:create's; the seeker's `room:started` is joined with its token), in
// this page's game or in the room's game started in place. Closing the
// lobby withdraws the player's open seek: nobody is paired into a game they
// stopped waiting for. Where the server has accounts (account.js) and served
// this page, the lobby signs the player in, up and out, with a password or
// a passkey (the connection is then made anew, so its handshake carries the
// session), opens the account's own panel (account_panel.js), makes rated seeks
// and opens profiles and leaderboards (profile_view.js).

import { accountState, accountsReachable, onAccountChange, ownRating, signOut as signOutRoute } from './account.js';
import { AccountDialog } from './account_dialog.js';
import { AccountPanel } from './account_panel.js';
import { accountRefusalText, perfOf, seekRating } from './account_words.js';
import { RoomClient } from './room_client.js';
import { joinRoom } from './room_controller.js';
import { LobbyDialog } from './lobby_dialog.js';
import { LobbyModel } from './lobby_model.js';
import { fetchMyGames } from './my_games.js';
import { passkeysOffered } from './passkeys.js';
import { gameAddress, pageBase, profileAddress, watchAddress } from './room_address.js';
import {
  normalizeServer,
  rememberName,
  rememberRated,
  rememberServer,
  rememberToken,
  serverAddress,
  storedName,
  storedRated,
} from './room_storage.js';
import { timeControlClock } from './time_controls.js';

const CONNECT_TIMEOUT_MS = 8000;
const ONGOING_DAY_MS = 24 * 60 * 60_000;

export class Lobby {
  // entry: the page's OnlineEntry (its app, its connection, enterRoom()).
  constructor(entry) {
    this.entry = entry;
    this.app = entry.app;
    this.model = new LobbyModel();
    this.dialog = new LobbyDialog(this.app, this);
    this.client = null;
    this.ready = false; // subscribed on the current connection
    this.busy = false; // a seek command under way
    this.waiting = null; // the player's own open seek
    this.entering = null; // the room being opened (ack and room:started may both come)
    this.myGames = null; // null until asked (the My games tab)
    this.ongoing = []; // the player's games under way, from games:mine
    this.undo = [];
    this.rated = storedRated(); // the rated box, as the player left it (signed in)
    this.accountDialog = null;
    this.accountPanel = null;
    this.undoAccount = null;
  }

  get t() {
    return (key, params) => this.app.i18n.t(key, params);
  }

  // ---- opening and closing ------------------------------------------------------

  open() {
    this.undoAccount ??= onAccountChange(() => this.accountChanged());
    const server = serverAddress();
    this.dialog.show({ game: this.app.id, name: storedName(), server, needsServer: !server });
    this.dialog.setError('');
    this.render();
    this.app.emit('lobby-open', {});
    if (server) this.connect(server);
  }

  // The dialog closed (the close button, Escape, or a room opening).
  closed() {
    this.undoAccount?.();
    this.undoAccount = null;
    this.accountDialog?.close();
    this.accountPanel?.close();
    const seek = this.waiting;
    this.waiting = null;
    if (seek && !this.entering) this.client?.request('seek:cancel', { seekId: seek.seekId });
    this.detach();
    this.app.emit('lobby-closed', { cancelled: !!seek && !this.entering });
  }

  // No more lobby events on this connection (it stays: a room uses it).
  detach() {
    for (const undo of this.undo.splice(0)) undo();
    if (this.client && this.ready) this.client.request('lobby:unsubscribe', {});
    this.ready = false;
  }

  // The server address typed in the dialog (a page opened from disk).
  connectTo(text) {
    const server = normalizeServer(text);
    if (!server) {
      this.dialog.setError(this.t('onlineNoServer', { server: text }));
      return;
    }
    rememberServer(server);
    this.connect(server);
  }

  // The entry's connection, made for this server if it has none (the
  // create-room dialog shares it), then the lists.
  async connect(server) {
    const entry = this.entry;
    if (!entry.client || entry.client.serverUrl !== server) {
      entry.client?.close();
      entry.client = new RoomClient(server);
    }
    const client = entry.client;
    if (this.client !== client) {
      this.detach();
      this.client = client;
    }
    if (this.undo.length === 0) {
      this.undo.push(
        client.on('lobby', (event) => this.onLobbyEvent(event)),
        client.on('room:started', (started) => this.onStarted(started)),
        client.onReady(() => this.subscribe()),
      );
    }
    this.dialog.setStatus(this.t('onlineConnecting'));
    if (!(await client.waitConnected(CONNECT_TIMEOUT_MS))) {
      if (this.client !== client || !this.dialog.open) return;
      this.dialog.setStatus('');
      this.dialog.setError(this.t('onlineNoServer', { server }));
      this.app.emit('lobby-failed', { code: 'offline' });
      return;
    }
    // A connection that was up already says no hello again: subscribe now.
    if (!this.ready) await this.subscribe();
  }

  // One subscription at a time (a reconnection and the opening may both ask).
  subscribe() {
    this.subscribing ??= this.subscribeNow().finally(() => (this.subscribing = null));
    return this.subscribing;
  }

  async subscribeNow() {
    const client = this.client;
    if (!client || !this.dialog.open) return;
    const ack = await client.request('lobby:subscribe', {});
    if (client !== this.client || !this.dialog.open) return;
    if (!ack.ok) {
      this.ready = false;
      this.dialog.setStatus('');
      this.dialog.setError(this.app.i18n.roomRefusal(ack));
      this.app.emit('lobby-failed', { code: ack.code });
      this.render();
      return;
    }
    this.model.reset(ack);
    this.ready = true;
    this.dialog.setStatus('');
    this.dialog.setError('');
    // A seek lives with the socket that made it: after a reconnection it is gone.
    if (this.waiting && !this.model.seeks.has(this.waiting.seekId)) {
      this.waiting = null;
      this.app.toast(this.t('lobbySeekLost'));
    }
    this.render();
    if (this.dialog.tab === 'mine') this.loadMyGames();
    await this.loadOngoing();
    this.app.emit('lobby-ready', { seeks: this.model.seeks.size, games: this.model.games.size });
  }

  // ---- the server's lists ---------------------------------------------------------

  onLobbyEvent(event) {
    if (!this.ready) return;
    if (!this.model.apply(event)) return;
    if (event.type === 'seek_removed' && this.waiting?.seekId === event.seekId && !this.entering) {
      // Taken: room:started follows. Cancelled elsewhere (another tab): done.
      this.waiting = null;
    }
    this.render();
    this.app.emit('lobby-event', { type: event.type });
  }

  render() {
    this.dialog.renderSeeks(this.model.seekList(), this.client?.playerId ?? null);
    this.dialog.renderGames(this.model.gameList(), (roomId) => watchAddress(this.pageAddress(), roomId));
    this.dialog.renderWaiting();
    this.dialog.renderOnline(this.model.playersOnline);
    if (this.dialog.tab === 'mine') this.dialog.renderMine(this.myGames, (roomId) => gameAddress(this.pageAddress(), roomId));
  }

  // Where the server serves the page: this page's own base when it came from
  // that server, else the server's address (a page opened from disk).
  pageAddress() {
    const server = this.client?.serverUrl ?? serverAddress();
    return /^https?:$/.test(location.protocol) && server === location.origin ? pageBase() : `${server}/`;
  }

  tabShown(tab) {
    if (tab === 'mine') this.loadMyGames();
    else this.render();
  }

  // The player's games under way (another tab or device may have started
  // them): a game not over, started within the last day (an untimed room
  // nobody finished is not one to go back to for ever).
  async loadOngoing() {
    const ack = await fetchMyGames(this.client);
    const since = Date.now() - ONGOING_DAY_MS;
    this.ongoing = ack.ok ? ack.games.filter((g) => !g.result && g.startedAt >= since) : [];
    this.dialog.renderOngoing(this.ongoing);
  }

  async loadMyGames() {
    if (!this.client) return;
    this.myGames = null;
    this.render();
    const ack = await fetchMyGames(this.client);
    if (!ack.ok) {
      this.myGames = [];
      this.dialog.setError(this.app.i18n.roomRefusal(ack));
    } else {
      this.myGames = ack.games;
    }
    this.render();
    this.app.emit('lobby-mine', { games: this.myGames.length });
  }

  // ---- seeks ---------------------------------------------------------------------

  setName(name) {
    rememberName(name.trim());
  }

  nameField() {
    const name = storedName().trim();
    return name ? { name } : {};
  }

  // One seek command at a time; its refusal is shown in the dialog.
  async command(event, payload) {
    if (!this.ready || this.busy) return null;
    this.busy = true;
    this.dialog.setError('');
    this.dialog.renderBusy();
    let ack;
    try {
      ack = await this.client.request(event, payload);
    } finally {
      this.busy = false;
      this.dialog.renderBusy();
    }
    this.app.emit('lobby-command', { event, ok: ack.ok, code: ack.code ?? null, rated: !!payload.rated });
    if (!ack.ok) this.dialog.setError(this.refusal(ack, payload));
    return ack;
  }

  refusal(ack, payload = {}) {
    if (ack.code === 'not_allowed' && !this.client?.playerId) return this.t('lobbyNeedsHello');
    if (ack.code === 'not_allowed' && payload.rated && !this.accountView().name) return this.t('ratedNeedsSignIn');
    return this.app.i18n.roomRefusal(ack);
  }

  // `rated: true` for a seek the player wants rated (signed in, the box
  // ticked, a timed game); nothing otherwise (casual, the server's default,
  // and all a server without accounts knows).
  ratedField(clock) {
    const { supported, reachable, name } = this.accountView();
    return supported && reachable && name && this.rated && clock ? { rated: true } : {};
  }

  async quick(game, controlId) {
    const clock = timeControlClock(controlId);
    if (!clock) return;
    const rated = this.ratedField(clock);
    const ack = await this.command('seek:quick', { game, clock, ...rated, ...this.nameField() });
    if (!ack?.ok) return;
    if (ack.roomId) this.enter(ack);
    else this.startWaiting({ seekId: ack.seekId, game, clock, color: 'random', ...rated });
  }

  // `range`: ±n points around the seeker's rating, or null (any).
  async create(game, controlId, color, range = null) {
    const clock = timeControlClock(controlId);
    const options = this.seekOptions(game);
    const rated = this.ratedField(clock);
    const ack = await this.command('seek:create', {
      game,
      clock,
      color,
      ...rated,
      ...(range && clock && { ratingRange: { below: range, above: range } }),
      ...(options && { options }),
      ...this.nameField(),
    });
    if (ack?.ok) this.startWaiting({ seekId: ack.seekId, game, clock, color, ...rated });
  }

  // A seek for the game on the board plays its rule set, where the game
  // names one (xiangqi: chosen on the new-game screen; the seek list shows
  // it); otherwise, and for quick pairing, the server's defaults.
  seekOptions(game) {
    if (game !== this.app.id) return null;
    const rules = this.app.roomOptions?.().rules;
    return typeof rules === 'string' ? { rules } : null;
  }

  // The player's open seek as the server lists it (what it made of the
  // request), or as asked until the list has it; or one the player opened
  // in another tab (the same browser's key), which this tab waits on too.
  get waitingSeek() {
    if (!this.waiting) return this.model.seekOf(this.client?.playerId ?? null);
    return this.model.seeks.get(this.waiting.seekId) ?? this.waiting;
  }

  startWaiting(seek) {
    this.waiting = { ...seek, player: { playerId: this.client.playerId, name: storedName() || null } };
    this.render();
    this.app.emit('lobby-waiting', { seekId: seek.seekId });
  }

  async cancel(seekId) {
    const ack = await this.command('seek:cancel', { seekId });
    if (!ack) return;
    if ((ack.ok || ack.code === 'not_found') && this.waiting?.seekId === seekId) this.waiting = null;
    if (ack.code === 'not_found') this.dialog.setError('');
    this.render();
  }

  // The waiting line's cancel: the seek this tab made, or another tab's.
  cancelOwn() {
    const seek = this.waitingSeek;
    if (seek) this.cancel(seek.seekId);
  }

  async accept(seekId) {
    const ack = await this.command('seek:accept', { seekId, ...this.nameField() });
    if (!ack) return;
    if (ack.ok) {
      this.enter(ack);
      return;
    }
    if (ack.code === 'not_found') {
      this.dialog.setError(this.t('lobbySeekGone'));
      this.model.apply({ type: 'seek_removed', seekId });
      this.render();
    }
  }

  // The create-room dialog, for a friend who has the link, for the game
  // chosen in the lobby.
  invite() {
    const game = this.dialog.game;
    this.dialog.hide();
    this.entry.openCreate(game);
  }

  // ---- the account ------------------------------------------------------------------

  // What the dialog shows of the account: whether this server has accounts
  // (its hello said), whether this page can use them (served by it), who is
  // signed in, the rated box, and the server's own page (from disk).
  accountView() {
    const server = this.client?.serverUrl ?? null;
    const account = accountState();
    const supported = !!server && account.supported && account.server === server;
    const reachable = supported && accountsReachable(server);
    return {
      supported,
      reachable,
      name: reachable ? account.name : null,
      rated: this.rated,
      serverPage: server ? this.pageAddress() : '',
    };
  }

  // The signed-in player's rating in `perf`, or null.
  ownRating(perf) {
    return this.accountView().name ? ownRating(perf) : null;
  }

  // Whether a seek's player has an account (their seek carries a rating).
  hasProfile(seek) {
    return !!seekRating(seek);
  }

  profileHref(name) {
    return profileAddress(this.pageAddress(), name);
  }

  // Profiles open over the lobby where this page can read them.
  profileInPage() {
    return this.accountView().reachable;
  }

  openProfile(name) {
    this.entry.profileView.showProfile(name);
  }

  // The leaderboard of the lobby's game, in the speed of the seek form's clock.
  openLeaderboard(game) {
    const clock = timeControlClock(this.dialog.$('#lobby-clock').value);
    this.entry.profileView.showLeaderboard(perfOf(game, clock) ?? `${game}-blitz`);
  }

  setRated(on) {
    this.rated = on;
    rememberRated(on);
    this.dialog.renderAccount();
  }

  accountChanged() {
    if (!this.dialog.open) return;
    this.dialog.renderAccount();
    this.render();
    this.app.emit('account-changed', { name: this.accountView().name });
  }

  openAccount(mode) {
    const { reachable } = this.accountView();
    if (!reachable) return;
    this.accountDialog ??= new AccountDialog(this.app, (name) => {
      this.app.toast(this.t('accountSignedIn', { name }));
      this.renew();
    });
    const server = this.client.serverUrl;
    this.accountDialog.open(mode === 'signup' ? 'signup' : 'signin', server, { passkeys: passkeysOffered(server) });
  }

  // The signed-in player's own account: passkeys, password, sessions, data.
  openAccountPanel() {
    const { reachable, name } = this.accountView();
    if (!reachable || !name) return;
    this.accountPanel ??= new AccountPanel(this.app, { onSignedOut: () => this.renew() });
    const server = this.client.serverUrl;
    this.accountPanel.show(server, { name, passkeys: passkeysOffered(server) });
  }

  async signOut() {
    const { reachable, name } = this.accountView();
    if (!reachable || !name) return;
    const ack = await signOutRoute(this.client.serverUrl);
    this.app.emit('account-answer', { mode: 'signout', ok: !!ack.ok, code: ack.code ?? null });
    if (!ack.ok) {
      this.dialog.setError(accountRefusalText(this.app.i18n, ack));
      return;
    }
    this.app.toast(this.t('accountSignedOut'));
    this.renew();
  }

  // A new connection after signing in or out: its handshake carries the
  // session cookie as it is now, and its hello says who the page is. The
  // open seek belongs to the connection it was made on: withdrawn first.
  renew() {
    const client = this.client;
    if (!client) return;
    const seek = this.waitingSeek;
    if (seek) client.request('seek:cancel', { seekId: seek.seekId });
    this.waiting = null;
    this.ready = false;
    this.render();
    client.renew();
  }

  // ---- into a room -----------------------------------------------------------------

  // The seeker's side of a pairing: the room's seat and its token.
  async onStarted({ roomId, seat, token } = {}) {
    if (!roomId || this.entering) return;
    this.entering = roomId;
    if (token) rememberToken(roomId, token, seat ?? null);
    const ack = await joinRoom(this.client, roomId);
    if (!ack.ok) {
      this.entering = null;
      this.dialog.setError(this.app.i18n.roomRefusal(ack));
      return;
    }
    this.enter(ack);
  }

  // Back into the player's own seat of a game under way: the player's key
  // takes it back (no token needed).
  async rejoin(roomId) {
    if (!this.client || this.entering) return;
    this.entering = roomId;
    const ack = await joinRoom(this.client, roomId);
    if (!ack.ok) {
      this.entering = null;
      this.dialog.setError(this.app.i18n.roomRefusal(ack));
      return;
    }
    this.enter(ack, { paired: false });
  }

  async watch(roomId) {
    if (!this.client || this.entering) return;
    this.entering = roomId;
    const ack = await joinRoom(this.client, roomId, { watch: true });
    if (!ack.ok) {
      this.entering = null;
      this.dialog.setError(this.app.i18n.roomRefusal(ack));
      return;
    }
    this.enter(ack, { watch: true });
  }

  // A room to open (a join's or create's ack): the lobby goes, the room comes.
  // `paired`: a pairing made it (the player is told so).
  enter(ack, { watch = false, paired = !watch } = {}) {
    const roomId = ack.roomId ?? ack.state.roomId;
    if (this.entered === roomId) return;
    this.entered = roomId;
    this.entering = roomId;
    this.waiting = null;
    const client = this.client;
    this.detach();
    this.dialog.hide();
    if (paired) this.app.toast(this.t('lobbyPaired'));
    this.app.emit('lobby-enter', { roomId, watch });
    this.entry.enterRoom(client, ack, { watch });
  }
}
