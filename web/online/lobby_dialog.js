// The lobby as the player sees it (a modal dialog): the server's address
// when the page came from disk, the account (signed in as whom, with sign
// out and the account's own panel; or sign in and sign up) where the server has accounts, the player's
// name while signed out, and three tabs. Play:
// the game, quick pairing (one button per time control), creating a seek
// (time control, colour), "invite a friend" (the create-room dialog), the
// waiting state with its cancel, and the open seeks, each with its accept
// (or cancel, for one's own); a "rated" box for both where the server has
// accounts, and each seek's player's rating with rated or casual. Watch: the public games in progress, most
// watched first, each a link that watches it. My games: the player's last
// games, each a link to its room's own address. Plain DOM: real buttons and
// links whose labels say the whole row, tabs that follow the arrow keys,
// focus kept on the same row when a list changes. It shows what the lobby
// controller (lobby_controller.js) says and calls it; it decides nothing.

import { escapeHtml } from '../app/panels.js';
import { perfOf, ratingText } from './account_words.js';
import { gameParts, gameName, myGameParts, seatWord, seekParts } from './lobby_words.js';
import { TIME_CONTROLS, timeControlFigures, timeControlLabel, timeControlClass } from './time_controls.js';

const TABS = ['play', 'watch', 'mine'];
const TIMED = TIME_CONTROLS.filter((c) => c.clock);

const partsHtml = (parts) => parts.map((p) => `<span class="lobby-part">${escapeHtml(p)}</span>`).join('');
// The same with the first part (a player's name) a link to their profile.
const partsWithProfile = (parts, href, label) =>
  `<a class="lobby-part lobby-profile" href="${escapeHtml(href)}" data-lobby="profile" data-name="${escapeHtml(parts[0])}" aria-label="${escapeHtml(label)}">${escapeHtml(parts[0])}</a>` +
  partsHtml(parts.slice(1));
// The sign that a row is a link (its label already says where it goes).
const GO = '<span class="lobby-go" aria-hidden="true">›</span>';

// The ranges a seek may ask for (±n points around the seeker's rating).
const RATING_RANGES = [100, 200, 300, 500];

export class LobbyDialog {
  // lobby: the controller (its state and commands); app: for words and the root.
  constructor(app, lobby) {
    this.app = app;
    this.lobby = lobby;
    this.tab = 'play';
    this.el = null;
  }

  get t() {
    return (key, params) => this.app.i18n.t(key, params);
  }

  build() {
    const dialog = document.createElement('dialog');
    dialog.id = 'lobby-dialog';
    dialog.setAttribute('aria-labelledby', 'lobby-title');
    dialog.innerHTML = `
      <div class="lobby-head"><h2 id="lobby-title" data-lobby-text="lobbyTitle"></h2>
        <button type="button" class="lobby-close" data-lobby="close">✕</button></div>
      <form class="lobby-server" id="lobby-server" hidden>
        <label><span data-lobby-text="onlineServer"></span><input name="server" inputmode="url" autocomplete="url" spellcheck="false"></label>
        <button type="submit" data-lobby-text="lobbyConnect"></button>
      </form>
      <p class="lobby-online hint" id="lobby-online" hidden></p>
      <p class="lobby-status" id="lobby-status" role="status"></p>
      <p class="error" id="lobby-error" role="alert"></p>
      <div class="lobby-account" id="lobby-account" hidden>
        <span class="lobby-account-text" id="lobby-account-text"></span>
        <span class="lobby-account-actions">
          <button type="button" data-lobby="signin" aria-haspopup="dialog" data-lobby-text="accountSignIn"></button>
          <button type="button" data-lobby="signup" aria-haspopup="dialog" data-lobby-text="accountSignUp"></button>
          <button type="button" data-lobby="manage" aria-haspopup="dialog" data-lobby-text="accountManage"></button>
          <button type="button" data-lobby="signout" data-lobby-text="accountSignOut"></button>
          <button type="button" data-lobby="leaderboard" aria-haspopup="dialog" data-lobby-text="leaderboard"></button>
        </span>
      </div>
      <label class="lobby-name"><span data-lobby-text="onlineName"></span><input id="lobby-name" maxlength="24" autocomplete="nickname"></label>
      <div class="lobby-tabs" role="tablist" id="lobby-tabs">
        ${TABS.map((tab) => `<button type="button" role="tab" id="lobby-tab-${tab}" aria-controls="lobby-${tab}" data-tab="${tab}"></button>`).join('')}
      </div>
      <section class="lobby-panel" id="lobby-play" role="tabpanel" aria-labelledby="lobby-tab-play">
        <div class="lobby-ongoing" id="lobby-ongoing" hidden><h3 id="lobby-ongoing-title" data-lobby-text="onlineYourGames"></h3>
          <ul class="lobby-list" id="lobby-ongoing-list" aria-labelledby="lobby-ongoing-title"></ul></div>
        <div class="lobby-waiting" id="lobby-waiting" hidden><span id="lobby-waiting-text" role="status"></span>
          <button type="button" data-lobby="cancel-own" data-lobby-text="lobbyCancel"></button></div>
        <label class="lobby-game"><span data-lobby-text="lobbyGame"></span><select id="lobby-game"></select></label>
        <div class="lobby-rated" id="lobby-rated-box" hidden>
          <label><input type="checkbox" id="lobby-rated" aria-describedby="lobby-rated-hint"> <span data-lobby-text="ratedGames"></span></label>
          <span class="hint" id="lobby-rated-hint"></span></div>
        <h3 data-lobby-text="lobbyQuick"></h3>
        <p class="hint" data-lobby-text="lobbyQuickHint"></p>
        <div class="lobby-quick" id="lobby-quick"></div>
        <h3 data-lobby-text="lobbyCreate"></h3>
        <div class="lobby-create">
          <label><span data-lobby-text="onlineTimeControl"></span><select id="lobby-clock"></select></label>
          <label><span data-lobby-text="lobbyColor"></span><select id="lobby-color"></select></label>
          <label id="lobby-range-box" hidden><span data-lobby-text="lobbyRange"></span><select id="lobby-range"></select></label>
          <button type="button" class="primary" data-lobby="create" data-lobby-text="lobbyCreateGo"></button>
        </div>
        <p class="lobby-invite"><button type="button" data-lobby="invite" aria-haspopup="dialog" data-lobby-text="lobbyInvite"></button></p>
        <h3 id="lobby-seeks-title" data-lobby-text="lobbySeeks"></h3>
        <ul class="lobby-list" id="lobby-seeks" aria-labelledby="lobby-seeks-title"></ul>
      </section>
      <section class="lobby-panel" id="lobby-watch" role="tabpanel" aria-labelledby="lobby-tab-watch" hidden>
        <h3 id="lobby-games-title" data-lobby-text="lobbyGames"></h3>
        <ul class="lobby-list" id="lobby-games" aria-labelledby="lobby-games-title"></ul>
      </section>
      <section class="lobby-panel" id="lobby-mine" role="tabpanel" aria-labelledby="lobby-tab-mine" hidden>
        <h3 id="lobby-mine-title" data-lobby-text="lobbyMine"></h3>
        <ul class="lobby-list" id="lobby-mine-list" aria-labelledby="lobby-mine-title"></ul>
      </section>`;
    this.app.root.appendChild(dialog);
    this.el = dialog;
    this.$ = (selector) => dialog.querySelector(selector);
    dialog.addEventListener('click', (e) => this.onClick(e));
    dialog.addEventListener('close', () => this.lobby.closed());
    this.$('#lobby-tabs').addEventListener('keydown', (e) => this.onTabKey(e));
    this.$('#lobby-server').addEventListener('submit', (e) => {
      e.preventDefault();
      this.lobby.connectTo(this.$('#lobby-server input').value);
    });
    this.$('#lobby-name').addEventListener('change', (e) => this.lobby.setName(e.target.value));
    this.$('#lobby-game').addEventListener('change', () => {
      this.renderChoices();
      this.renderQuick();
    });
    this.$('#lobby-rated').addEventListener('change', (e) => this.lobby.setRated(e.target.checked));
    this.$('#lobby-clock').addEventListener('change', () => this.renderAccount());
  }

  // ---- opening and closing ------------------------------------------------------

  show({ game, name, server, needsServer }) {
    if (!this.el) this.build();
    this.fill({ game, name, server, needsServer });
    this.select(this.tab, { focus: false });
    if (!this.el.open) this.el.showModal();
    // Where the player starts: the server's address when it is asked for, else the tab shown.
    (needsServer ? this.$('#lobby-server input') : this.$(`#lobby-tab-${this.tab}`)).focus();
  }

  hide() {
    if (this.el?.open) this.el.close();
  }

  get open() {
    return !!this.el?.open;
  }

  fill({ game, name, server, needsServer }) {
    this.translate();
    const select = this.$('#lobby-game');
    const games = this.app.games;
    select.innerHTML = games.map((g) => `<option value="${g.id}">${escapeHtml(this.t(g.label))}</option>`).join('');
    select.value = games.some((g) => g.id === game) ? game : games[0].id;
    this.$('#lobby-clock').innerHTML = TIME_CONTROLS.map(
      (c) => `<option value="${c.id}">${escapeHtml(timeControlLabel(this.app.i18n, c.clock))}</option>`,
    ).join('');
    this.$('#lobby-clock').value = '5+3';
    this.$('#lobby-name').value = name;
    this.$('#lobby-server').hidden = !needsServer;
    this.$('#lobby-server input').value = server ?? '';
    this.renderChoices();
    this.renderAccount();
  }

  translate() {
    for (const el of this.el.querySelectorAll('[data-lobby-text]')) el.textContent = this.t(el.dataset.lobbyText);
    this.$('[data-lobby="close"]').setAttribute('aria-label', this.t('lobbyClose'));
    this.$('[data-lobby="close"]').title = this.t('lobbyClose');
    this.$('#lobby-tabs').setAttribute('aria-label', this.t('lobbyTabs'));
    this.$('#lobby-tab-play').textContent = this.t('lobbyTabPlay');
    this.$('#lobby-tab-watch').textContent = this.t('lobbyTabWatch');
    this.$('#lobby-tab-mine').textContent = this.t('lobbyTabMine');
  }

  // The range chosen for a seek (±n), or null: none, or not offered.
  ratingRange() {
    const n = Number(this.$('#lobby-range').value);
    return !this.$('#lobby-range-box').hidden && n > 0 ? n : null;
  }

  // The colours of the chosen game: random, its first seat, its second.
  renderChoices() {
    const game = this.game;
    const color = this.$('#lobby-color');
    const chosen = color.value || 'random';
    color.innerHTML = [
      ['random', this.t('lobbyColorRandom')],
      ['first', seatWord(this.app.i18n, game, 0)],
      ['second', seatWord(this.app.i18n, game, 1)],
    ]
      .map(([value, text]) => `<option value="${value}">${escapeHtml(text)}</option>`)
      .join('');
    color.value = chosen;
    const range = this.$('#lobby-range');
    const within = range.value || '';
    range.innerHTML = ['', ...RATING_RANGES]
      .map((n) => `<option value="${n}">${escapeHtml(n ? this.t('lobbyRangeWithin', { n }) : this.t('lobbyRangeAny'))}</option>`)
      .join('');
    range.value = within;
  }

  // One button per timed control for the chosen game: "5+3 / Blitz", and
  // the player's rating in that speed when signed in.
  renderQuick() {
    const i18n = this.app.i18n;
    const game = gameName(i18n, this.game);
    this.$('#lobby-quick').innerHTML = TIMED.map((c) => {
      const own = this.lobby.ownRating(perfOf(this.game, c.clock));
      const rating = own ? ratingText(own.rating, own.provisional) : '';
      let label = this.t('lobbyQuickLabel', { game, control: timeControlLabel(i18n, c.clock) });
      if (rating) label += ` (${this.t('ratingOf', { rating })})`;
      return (
        `<button type="button" data-lobby="quick" data-control="${c.id}" data-key="quick-${c.id}" aria-label="${escapeHtml(label)}">` +
        `<span class="lobby-quick-figures">${escapeHtml(timeControlFigures(c.clock))}</span>` +
        `<span class="lobby-quick-kind">${escapeHtml(this.t(`time_${timeControlClass(c.clock)}`))}</span>` +
        (rating ? `<span class="lobby-quick-rating">${escapeHtml(rating)}</span>` : '') +
        '</button>'
      );
    }).join('');
    this.renderBusy();
  }

  // The account line and the rated box, as account.js says (nothing of it
  // where the server has no accounts): signed in as a name (a link to their
  // profile) with sign out, or sign in and sign up; from disk, a word that
  // accounts live on the server's own page. The name field is the
  // anonymous player's: an account plays under its own name.
  renderAccount() {
    if (!this.el) return;
    const { supported, reachable, name, rated, serverPage } = this.lobby.accountView();
    const box = this.$('#lobby-account');
    box.hidden = !supported;
    const text = this.$('#lobby-account-text');
    if (!supported) text.textContent = '';
    else if (!reachable) {
      text.innerHTML = escapeHtml(this.t('accountFromDisk', { server: '\u0000' })).replace(
        '\u0000',
        `<a href="${escapeHtml(serverPage)}">${escapeHtml(serverPage)}</a>`,
      );
    } else if (name) {
      const label = this.t('profileOpen', { name });
      text.innerHTML = escapeHtml(this.t('accountSignedInAs', { name: '\u0000' })).replace(
        '\u0000',
        `<a href="${escapeHtml(this.lobby.profileHref(name))}" data-lobby="profile" data-name="${escapeHtml(name)}" aria-label="${escapeHtml(label)}" id="lobby-account-name">${escapeHtml(name)}</a>`,
      );
    } else text.textContent = this.t('accountWhy');
    const show = (action, visible) => (this.$(`[data-lobby="${action}"]`).hidden = !visible);
    show('signin', supported && reachable && !name);
    show('signup', supported && reachable && !name);
    show('manage', supported && reachable && !!name);
    show('signout', supported && reachable && !!name);
    show('leaderboard', supported && reachable);
    this.$('.lobby-name').hidden = supported && reachable && !!name;
    // A rating range: a signed-in player's seek of a timed game.
    this.$('#lobby-range-box').hidden = !(supported && reachable && name) || this.$('#lobby-clock').value === 'untimed';
    // Rated: for a signed-in player, timed games only.
    const ratedBox = this.$('#lobby-rated-box');
    ratedBox.hidden = !supported || !reachable;
    const check = this.$('#lobby-rated');
    const untimed = this.$('#lobby-clock').value === 'untimed';
    check.disabled = !name;
    check.checked = !!name && rated;
    this.$('#lobby-rated-hint').textContent = !name
      ? this.t('ratedNeedsSignIn')
      : rated && untimed
        ? this.t('ratedNeedsClock')
        : '';
    this.renderQuick();
  }

  get game() {
    return this.$('#lobby-game').value;
  }

  // ---- tabs ---------------------------------------------------------------------

  select(tab, { focus = true } = {}) {
    this.tab = tab;
    for (const name of TABS) {
      const button = this.$(`#lobby-tab-${name}`);
      const selected = name === tab;
      button.setAttribute('aria-selected', String(selected));
      button.tabIndex = selected ? 0 : -1;
      this.$(`#lobby-${name}`).hidden = !selected;
    }
    if (focus) this.$(`#lobby-tab-${tab}`).focus();
    this.lobby.tabShown(tab);
  }

  onTabKey(e) {
    const at = TABS.indexOf(this.tab);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: TABS.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    this.select(TABS[(next + TABS.length) % TABS.length]);
  }

  // ---- what the player does -------------------------------------------------------

  onClick(e) {
    const tab = e.target.closest('[role="tab"]');
    if (tab) {
      this.select(tab.dataset.tab);
      return;
    }
    const target = e.target.closest('[data-lobby]');
    if (!target || target.disabled) return;
    const lobby = this.lobby;
    switch (target.dataset.lobby) {
      case 'close':
        this.hide();
        break;
      case 'quick':
        lobby.quick(this.game, target.dataset.control);
        break;
      case 'create':
        lobby.create(this.game, this.$('#lobby-clock').value, this.$('#lobby-color').value, this.ratingRange());
        break;
      case 'cancel-own':
        lobby.cancelOwn();
        break;
      case 'cancel':
        lobby.cancel(target.dataset.seek);
        break;
      case 'accept':
        lobby.accept(target.dataset.seek);
        break;
      case 'invite':
        lobby.invite();
        break;
      case 'rejoin':
        lobby.rejoin(target.dataset.room);
        break;
      case 'signin':
      case 'signup':
        lobby.openAccount(target.dataset.lobby);
        break;
      case 'signout':
        lobby.signOut();
        break;
      case 'manage':
        lobby.openAccountPanel();
        break;
      case 'leaderboard':
        lobby.openLeaderboard(this.game);
        break;
      case 'profile':
        // A plain click shows the profile over the lobby; a new tab follows the link.
        if (!lobby.profileInPage() || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        lobby.openProfile(target.dataset.name);
        break;
      case 'watch':
        // A plain click watches here; a new tab or window follows the link.
        if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        lobby.watch(target.dataset.room);
        break;
    }
  }

  // ---- what is shown --------------------------------------------------------------

  // How many players are online (null: the server did not say).
  renderOnline(players) {
    const el = this.$('#lobby-online');
    el.hidden = players === null;
    const text = players === null ? '' : this.t('lobbyPlayersOnline', { n: players });
    if (el.textContent !== text) el.textContent = text;
  }

  setStatus(text) {
    const el = this.$('#lobby-status');
    if (el.textContent !== text) el.textContent = text;
  }

  setError(text) {
    this.$('#lobby-error').textContent = text;
  }

  // Commands wait while the lobby is not connected or a command is under way;
  // one open seek at a time.
  renderBusy() {
    if (!this.el) return;
    const { ready, busy, waitingSeek } = this.lobby;
    const signedIn = !!this.lobby.accountView().name;
    for (const el of this.el.querySelectorAll('[data-lobby="quick"], [data-lobby="create"], [data-lobby="accept"]'))
      el.disabled = !ready || busy || !!waitingSeek || (el.dataset.rated === '1' && !signedIn);
    for (const el of this.el.querySelectorAll('[data-lobby="signin"], [data-lobby="signup"], [data-lobby="signout"]'))
      el.disabled = busy || !!waitingSeek;
  }

  renderWaiting() {
    const waiting = this.lobby.waitingSeek;
    const box = this.$('#lobby-waiting');
    box.hidden = !waiting;
    // The seek without its player (the player knows who they are).
    const seek = waiting && { ...waiting, player: null, rating: undefined };
    const text = waiting ? this.t('lobbyWaiting', { text: seekParts(this.app.i18n, seek).slice(1).join(' · ') }) : '';
    const el = this.$('#lobby-waiting-text');
    if (el.textContent !== text) el.textContent = text;
    this.renderBusy();
  }

  // A list's items again, focus staying on the row it was on.
  replaceList(list, items, emptyText) {
    const focused = list.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    list.innerHTML = items.length ? items.join('') : `<li class="lobby-empty">${escapeHtml(emptyText)}</li>`;
    if (focused) list.querySelector(`[data-key="${CSS.escape(focused)}"]`)?.focus();
  }

  renderSeeks(seeks, ownId) {
    const i18n = this.app.i18n;
    const signedIn = !!this.lobby.accountView().name;
    const items = seeks.map((seek) => {
      const parts = seekParts(i18n, seek);
      const text = parts.join(' · ');
      const mine = seek.player?.playerId && seek.player.playerId === ownId;
      const id = escapeHtml(seek.seekId);
      // A rated seek waits for a signed-in player: the button says why it is off.
      const rated = seek.rated === true ? ' data-rated="1"' : '';
      const why = rated && !signedIn ? ` title="${escapeHtml(this.t('ratedNeedsSignIn'))}"` : '';
      const acceptLabel = this.t('lobbyAcceptLabel', { text });
      const button = mine
        ? `<button type="button" data-lobby="cancel" data-seek="${id}" data-key="seek-${id}" aria-label="${escapeHtml(this.t('lobbyCancelLabel', { text }))}">${escapeHtml(this.t('lobbyCancel'))}</button>`
        : `<button type="button" class="primary" data-lobby="accept" data-seek="${id}" data-key="seek-${id}"${rated} aria-label="${escapeHtml(acceptLabel)}"${why}>${escapeHtml(this.t('lobbyAccept'))}</button>`;
      const you = mine ? ` <span class="lobby-you">(${escapeHtml(this.t('lobbyYours'))})</span>` : '';
      // The name of a player with an account links to their profile.
      const profiled = seek.player?.name && parts[0] === seek.player.name && this.lobby.hasProfile(seek);
      const shown = profiled
        ? partsWithProfile(parts, this.lobby.profileHref(seek.player.name), this.t('profileOpen', { name: seek.player.name }))
        : partsHtml(parts);
      return `<li class="lobby-row${mine ? ' mine' : ''}${rated ? ' rated' : ''}" data-seek-id="${id}" data-seek-game="${escapeHtml(seek.game)}"><span class="lobby-parts">${shown}${you}</span>${button}</li>`;
    });
    this.replaceList(this.$('#lobby-seeks'), items, this.t('lobbyNoSeeks'));
    this.renderBusy();
  }

  renderGames(games, linkFor) {
    const i18n = this.app.i18n;
    const items = games.map((game) => {
      const parts = gameParts(i18n, game);
      const id = escapeHtml(game.roomId);
      const label = this.t('lobbyWatchLabel', { text: parts.join(' · ') });
      return `<li class="lobby-row" data-room-id="${id}"><a class="lobby-link" href="${escapeHtml(linkFor(game.roomId))}" data-lobby="watch" data-room="${id}" data-key="game-${id}" aria-label="${escapeHtml(label)}"><span class="lobby-parts">${partsHtml(parts)}</span>${GO}</a></li>`;
    });
    this.replaceList(this.$('#lobby-games'), items, this.t('lobbyNoGames'));
    const tab = this.$('#lobby-tab-watch');
    const text = games.length ? this.t('lobbyTabWatchCount', { n: games.length }) : this.t('lobbyTabWatch');
    if (tab.textContent !== text) tab.textContent = text;
  }

  // The player's games still under way (from any tab or device of this
  // browser's key), each a button back into its seat.
  renderOngoing(games) {
    const box = this.$('#lobby-ongoing');
    box.hidden = games.length === 0;
    const i18n = this.app.i18n;
    const items = games.map((game) => {
      const parts = myGameParts(i18n, game);
      const id = escapeHtml(game.roomId);
      const label = this.t('onlineBackToGameLabel', { text: parts.join(' · ') });
      return `<li class="lobby-row mine" data-room-id="${id}"><span class="lobby-parts">${partsHtml(parts)}</span><button type="button" data-lobby="rejoin" data-room="${id}" data-key="ongoing-${id}" aria-label="${escapeHtml(label)}">${escapeHtml(this.t('onlineBackToGame'))}</button></li>`;
    });
    this.replaceList(this.$('#lobby-ongoing-list'), items, '');
  }

  // games: null while loading.
  renderMine(games, linkFor) {
    const list = this.$('#lobby-mine-list');
    if (games === null) {
      this.replaceList(list, [], this.t('lobbyLoading'));
      return;
    }
    const i18n = this.app.i18n;
    const items = games.map((game) => {
      const parts = myGameParts(i18n, game);
      const id = escapeHtml(game.roomId);
      const label = this.t('lobbyReplayLabel', { text: parts.join(' · ') });
      return `<li class="lobby-row" data-room-id="${id}"><a class="lobby-link" href="${escapeHtml(linkFor(game.roomId))}" data-key="mine-${id}" aria-label="${escapeHtml(label)}"><span class="lobby-parts">${partsHtml(parts)}</span>${GO}</a></li>`;
    });
    this.replaceList(list, items, this.t('lobbyNoMine'));
  }
}
