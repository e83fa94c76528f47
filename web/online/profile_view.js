// A player's profile and the leaderboards, in one dialog over the page
// (server/PROTOCOL.md "Accounts and ratings": GET /api/user/NAME and GET
// /api/leaderboard/PERF). The page at `<base>@/NAME` opens it on that
// player (room_address.js); a player's name in the lobby, a room or a
// leaderboard opens it too. A profile: the name, when they joined, each
// rating (`1500?` while provisional) with its game count, the rating
// history drawn on a canvas (rating_chart.js) where the answer has one, and
// the recent games where it has them, each a link to its room's own
// address. A leaderboard: a game and a speed to choose, the players best
// first, each name a link to the profile. Back goes to the view before;
// closing the dialog at /@/NAME leaves that address for the page's own.
// Plain DOM: tables with headers, links that are links, a live status line.

import { escapeHtml } from '../app/panels.js';
import { fetchLeaderboard, fetchUser } from './account.js';
import { diffKind, diffText, parsePerf, perfName, perfRatingText, PERF_GAMES, SPEEDS } from './account_words.js';
import { dateText, gameName } from './lobby_words.js';
import { chartPoints, drawRatingChart } from './rating_chart.js';
import { gameAddress, leaderboardAddress, leaveProfilePath, profileAddress, watchAddress } from './room_address.js';

const DEFAULT_PERF = 'xiangqi-blitz';

// A day: "8 Dec 2026", "2026/12/8" (figures in Chinese: the page's
// embedded font has no 年月日, and the chart draws with the system's).
export function dayText(i18n, ms) {
  if (!Number.isFinite(ms)) return '';
  const style = i18n.language === 'zh' ? { year: 'numeric', month: 'numeric', day: 'numeric' } : { dateStyle: 'medium' };
  return new Intl.DateTimeFormat(i18n.language === 'zh' ? 'zh-CN' : 'en-GB', style).format(new Date(ms));
}

// A recent game's outcome for the profile's player: 'won', 'lost', 'drawn',
// or null, from its score (1, 0.5, 0) or its result and seat.
export function recentOutcome(game) {
  if (Number.isFinite(game.score)) return game.score > 0.5 ? 'won' : game.score < 0.5 ? 'lost' : 'drawn';
  const result = game.result;
  if (!result || result.code === 'aborted' || !Number.isInteger(game.seat)) return null;
  if (result.winner === null || result.winner === undefined) return 'drawn';
  return result.winner === game.seat ? 'won' : 'lost';
}

// The perfs of a profile, most played first (then by name).
export function perfRows(perfs) {
  return Object.entries(perfs ?? {})
    .filter(([perf, entry]) => parsePerf(perf) && entry && Number.isFinite(entry.rating))
    .sort(([a, x], [b, y]) => (y.games ?? 0) - (x.games ?? 0) || a.localeCompare(b));
}

export class ProfileView {
  // app: words, root, emit; server: where the routes are (the page's own
  // origin), or null when the page cannot reach them (opened from disk).
  constructor(app, { server, base }) {
    this.app = app;
    this.server = server;
    this.base = base; // the page's base URL: profiles and rooms link under it
    this.el = null;
    this.stack = []; // the views before this one: [{kind, name|perf}]
    this.view = null;
    this.loading = 0; // the latest load; older answers are dropped
  }

  get t() {
    return (key, params) => this.app.i18n.t(key, params);
  }

  build() {
    const dialog = document.createElement('dialog');
    dialog.id = 'profile-dialog';
    dialog.setAttribute('aria-labelledby', 'profile-title');
    dialog.innerHTML = `
      <div class="lobby-head">
        <button type="button" class="profile-back" data-profile="back" hidden></button>
        <h2 id="profile-title"></h2>
        <button type="button" class="lobby-close" data-profile="close">✕</button></div>
      <p class="lobby-status" id="profile-status" role="status"></p>
      <section class="profile-body" id="profile-player" hidden>
        <p class="profile-joined" id="profile-joined"></p>
        <h3 id="profile-perfs-title"></h3>
        <table class="profile-table" id="profile-perfs" aria-labelledby="profile-perfs-title">
          <thead><tr><th scope="col" data-profile-text="profileKindHead"></th><th scope="col" data-profile-text="profileRatingHead"></th><th scope="col" data-profile-text="profileGamesHead"></th></tr></thead>
          <tbody></tbody></table>
        <p class="hint" id="profile-no-perfs" hidden></p>
        <p class="hint" id="profile-provisional" hidden></p>
        <div id="profile-history" hidden>
          <h3 id="profile-history-title"></h3>
          <label class="profile-chart-perf" hidden><span data-profile-text="leaderboardSpeed"></span><select id="profile-chart-perf"></select></label>
          <canvas id="profile-chart" class="profile-chart" role="img"></canvas>
        </div>
        <p id="profile-head-to-head" hidden></p>
        <div id="profile-playing-box" hidden>
          <h3 id="profile-playing-title"></h3>
          <ul class="lobby-list" id="profile-playing" aria-labelledby="profile-playing-title"></ul>
        </div>
        <div id="profile-recent-box" hidden>
          <h3 id="profile-recent-title"></h3>
          <ul class="lobby-list" id="profile-recent" aria-labelledby="profile-recent-title"></ul>
        </div>
        <p><button type="button" data-profile="leaderboard" id="profile-to-board"></button></p>
      </section>
      <section class="profile-body" id="profile-board" hidden>
        <div class="profile-board-choice">
          <label><span data-profile-text="lobbyGame"></span><select id="board-game"></select></label>
          <label><span data-profile-text="leaderboardSpeed"></span><select id="board-speed"></select></label>
        </div>
        <table class="profile-table" id="board-table" aria-labelledby="profile-title">
          <thead><tr><th scope="col" data-profile-text="leaderboardRank"></th><th scope="col" data-profile-text="leaderboardPlayer"></th><th scope="col" data-profile-text="profileRatingHead"></th><th scope="col" data-profile-text="profileGamesHead"></th></tr></thead>
          <tbody></tbody></table>
        <p class="hint" id="board-empty" hidden></p>
      </section>`;
    this.app.root.appendChild(dialog);
    this.el = dialog;
    this.$ = (selector) => dialog.querySelector(selector);
    dialog.addEventListener('click', (e) => this.onClick(e));
    dialog.addEventListener('close', () => {
      this.stack = [];
      this.view = null;
      leaveProfilePath();
      this.app.emit('profile-closed', {});
    });
    const choose = () =>
      this.showLeaderboard(`${this.$('#board-game').value}-${this.$('#board-speed').value}`, { replace: true });
    this.$('#board-game').addEventListener('change', choose);
    this.$('#board-speed').addEventListener('change', choose);
    this.$('#profile-chart-perf').addEventListener('change', () => this.renderChart());
    // The chart follows the dialog's width (a phone turned, a window resized).
    this.resize = new ResizeObserver(() => {
      if (this.view?.kind === 'profile' && this.user) this.renderChart();
    });
    this.resize.observe(this.$('#profile-chart'));
  }

  get open() {
    return !!this.el?.open;
  }

  close() {
    if (this.el?.open) this.el.close();
  }

  show() {
    if (!this.el) this.build();
    this.translate();
    if (!this.el.open) this.el.showModal();
  }

  translate() {
    for (const el of this.el.querySelectorAll('[data-profile-text]')) el.textContent = this.t(el.dataset.profileText);
    const close = this.$('[data-profile="close"]');
    close.setAttribute('aria-label', this.t('accountClose'));
    close.title = this.t('accountClose');
    this.$('[data-profile="back"]').textContent = `‹ ${this.t('profileBack')}`;
    this.$('#profile-perfs-title').textContent = this.t('profilePerfs');
    this.$('#profile-history-title').textContent = this.t('profileHistory');
    this.$('#profile-recent-title').textContent = this.t('profileRecent');
    this.$('#profile-to-board').textContent = this.t('leaderboard');
  }

  // What a click in the dialog does: its buttons, and a profile link opened
  // in place (a new tab or window follows the link itself).
  onClick(e) {
    const link = e.target.closest('a[data-profile-name], a[data-board]');
    if (link) {
      if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      if (link.dataset.board) this.showLeaderboard(link.dataset.board);
      else this.showProfile(link.dataset.profileName);
      return;
    }
    const button = e.target.closest('[data-profile]');
    if (!button || button.disabled) return;
    switch (button.dataset.profile) {
      case 'close':
        this.close();
        break;
      case 'back':
        this.back();
        break;
      case 'leaderboard':
        this.showLeaderboard(this.favouritePerf());
        break;
    }
  }

  // ---- views ------------------------------------------------------------------------

  // Into a view: the one shown goes on the stack (unless it is replaced).
  enter(view, { replace = false } = {}) {
    if (this.view && !replace) this.stack.push(this.view);
    this.view = view;
    this.show();
    const back = this.$('[data-profile="back"]');
    back.hidden = this.stack.length === 0;
    this.$('#profile-player').hidden = view.kind !== 'profile';
    this.$('#profile-board').hidden = view.kind !== 'leaderboard';
  }

  back() {
    const previous = this.stack.pop();
    if (!previous) return;
    this.view = null;
    if (previous.kind === 'profile') this.showProfile(previous.name, { replace: true });
    else this.showLeaderboard(previous.perf, { replace: true });
    this.$('[data-profile="back"]').hidden = this.stack.length === 0;
    (this.stack.length ? this.$('[data-profile="back"]') : this.$('[data-profile="close"]')).focus();
  }

  setStatus(text) {
    this.$('#profile-status').textContent = text;
  }

  async showProfile(name, { replace = false } = {}) {
    this.enter({ kind: 'profile', name }, { replace });
    this.user = null;
    this.$('#profile-title').textContent = this.t('profileTitle', { name });
    this.$('#profile-player').hidden = true;
    this.app.emit('profile-open', { name });
    if (!this.server) {
      this.setStatus('');
      return;
    }
    this.setStatus(this.t('profileLoading'));
    const token = ++this.loading;
    const answer = await fetchUser(this.server, name);
    if (token !== this.loading) return;
    if (!answer.ok) {
      this.setStatus(
        answer.code === 'not_found'
          ? this.t('profileNotFound', { name })
          : this.t('profileFailed', { reason: this.app.i18n.roomRefusal(answer) }),
      );
      this.app.emit('profile-loaded', { name, ok: false, code: answer.code });
      return;
    }
    this.setStatus('');
    this.user = answer.user;
    this.renderProfile();
    this.app.emit('profile-loaded', { name: answer.user.name, ok: true });
  }

  renderProfile() {
    const user = this.user;
    const i18n = this.app.i18n;
    this.$('#profile-player').hidden = false;
    this.$('#profile-title').textContent = this.t('profileTitle', { name: user.name });
    this.$('#profile-joined').textContent = Number.isFinite(user.createdAt)
      ? this.t('profileJoined', { date: dayText(i18n, user.createdAt) })
      : '';
    const rows = perfRows(user.perfs);
    this.$('#profile-perfs tbody').innerHTML = rows
      .map(([perf, entry]) => {
        const link = this.boardLink(perf, perfName(i18n, perf));
        return `<tr data-perf="${escapeHtml(perf)}"><th scope="row">${link}</th><td class="num">${escapeHtml(perfRatingText(entry))}</td><td class="num">${escapeHtml(String(entry.games ?? 0))}</td></tr>`;
      })
      .join('');
    this.$('#profile-perfs').hidden = rows.length === 0;
    const none = this.$('#profile-no-perfs');
    none.hidden = rows.length > 0;
    none.textContent = this.t('profileNoPerfs');
    const provisional = this.$('#profile-provisional');
    provisional.hidden = !rows.some(([, entry]) => perfRatingText(entry).endsWith('?'));
    provisional.textContent = this.t('provisionalHint');
    this.renderHistory();
    this.renderNow();
    this.renderRecent();
  }

  // A perf's name as a link to its leaderboard.
  boardLink(perf, text) {
    const href = leaderboardAddress(this.base, perf);
    return `<a href="${escapeHtml(href)}" data-board="${escapeHtml(perf)}">${escapeHtml(text)}</a>`;
  }

  // The chart, where the answer has a history: one perf at a time, the one
  // with the most points first.
  renderHistory() {
    const history = Array.isArray(this.user.history) ? this.user.history : [];
    const box = this.$('#profile-history');
    box.hidden = history.length === 0;
    if (box.hidden) return;
    const counts = new Map();
    for (const h of history) if (h && parsePerf(h.perf)) counts.set(h.perf, (counts.get(h.perf) ?? 0) + 1);
    const perfs = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([perf]) => perf);
    const select = this.$('#profile-chart-perf');
    select.innerHTML = perfs
      .map((perf) => `<option value="${escapeHtml(perf)}">${escapeHtml(perfName(this.app.i18n, perf))}</option>`)
      .join('');
    select.closest('label').hidden = perfs.length < 2;
    box.hidden = perfs.length === 0;
    this.renderChart();
  }

  renderChart() {
    const canvas = this.$('#profile-chart');
    const perf = this.$('#profile-chart-perf').value;
    const points = chartPoints(this.user?.history, perf);
    if (!points.length) return;
    const style = getComputedStyle(this.el);
    const color = (name, fallback) => style.getPropertyValue(name).trim() || fallback;
    drawRatingChart(canvas, points, {
      colors: {
        ink: color('--ink', '#222'),
        muted: color('--muted', '#666'),
        accent: color('--accent', '#c80'),
        line: color('--line', '#ccc'),
      },
      dateText: (ms) => dayText(this.app.i18n, ms),
    });
    const label = this.t('profileChartLabel', {
      perf: perfName(this.app.i18n, perf),
      from: Math.round(points[0].rating),
      to: Math.round(points[points.length - 1].rating),
      n: points.length,
    });
    canvas.setAttribute('aria-label', label);
    canvas.dataset.points = String(points.length);
  }

  // The viewer's record against this player (a signed-in other player), and
  // the games this player is in now, each watched at its room's address.
  renderNow() {
    const h2h = this.user.headToHead;
    const line = this.$('#profile-head-to-head');
    line.hidden = !h2h || !h2h.games;
    line.textContent = line.hidden ? '' : this.t('profileHeadToHead', { ...h2h, name: this.user.name });
    const playing = Array.isArray(this.user.playing) ? this.user.playing.filter((g) => g && typeof g.roomId === 'string') : [];
    this.$('#profile-playing-box').hidden = playing.length === 0;
    this.$('#profile-playing-title').textContent = this.t('profilePlaying');
    const i18n = this.app.i18n;
    this.$('#profile-playing').innerHTML = playing
      .map((g) => {
        const text = [gameName(i18n, g.game), (g.players ?? []).map((p) => p ?? '?').join(' – ')].join(' · ');
        return `<li class="lobby-row"><a class="lobby-link" href="${escapeHtml(watchAddress(this.base, g.roomId))}"><span class="lobby-parts"><span class="lobby-part">${escapeHtml(text)}</span></span><span class="lobby-go" aria-hidden="true">›</span></a></li>`;
      })
      .join('');
  }

  // The recent games, where the answer has them: opponent, game and speed,
  // outcome, rating change, date; each a link to the room's own address.
  renderRecent() {
    const recent = Array.isArray(this.user.recent) ? this.user.recent : [];
    const box = this.$('#profile-recent-box');
    box.hidden = recent.length === 0;
    const i18n = this.app.i18n;
    this.$('#profile-recent').innerHTML = recent
      .filter((g) => g && typeof g.roomId === 'string')
      .map((g) => {
        const opponent = typeof g.opponent === 'string' ? g.opponent : (g.opponent?.name ?? null);
        const outcome = recentOutcome(g);
        const diff = g.ratingDiff ?? g.diff;
        const parts = [
          opponent ? this.t('profileVs', { name: opponent }) : '',
          g.perf ? perfName(i18n, g.perf) : g.game ? gameName(i18n, g.game) : '',
          outcome ? this.t({ won: 'lobbyWon', lost: 'lobbyLost', drawn: 'lobbyDrawn' }[outcome]) : '',
          diffText(diff),
          dateText(i18n, g.at ?? g.endedAt ?? g.startedAt),
        ].filter(Boolean);
        const label = this.t('lobbyReplayLabel', { text: parts.join(' · ') });
        const spans = parts
          .map((p) => {
            const kind = p === diffText(diff) ? ` rating-diff ${diffKind(diff)}` : '';
            return `<span class="lobby-part${kind}">${escapeHtml(p)}</span>`;
          })
          .join('');
        return `<li class="lobby-row"><a class="lobby-link" href="${escapeHtml(gameAddress(this.base, g.roomId))}" aria-label="${escapeHtml(label)}"><span class="lobby-parts">${spans}</span><span class="lobby-go" aria-hidden="true">›</span></a></li>`;
      })
      .join('');
  }

  // The perf a leaderboard opens on: the profile's most played, else the default.
  favouritePerf() {
    const rows = this.user ? perfRows(this.user.perfs) : [];
    return rows[0]?.[0] ?? DEFAULT_PERF;
  }

  async showLeaderboard(perf, { replace = false } = {}) {
    const parsed = parsePerf(perf) ?? parsePerf(DEFAULT_PERF);
    perf = `${parsed.game}-${parsed.speed}`;
    this.enter({ kind: 'leaderboard', perf }, { replace: replace || this.view?.kind === 'leaderboard' });
    const i18n = this.app.i18n;
    const games = PERF_GAMES.filter((g) => i18n.games.some((known) => known.id === g));
    const gameSelect = this.$('#board-game');
    gameSelect.innerHTML = games.map((g) => `<option value="${g}">${escapeHtml(gameName(i18n, g))}</option>`).join('');
    gameSelect.value = parsed.game;
    const speedSelect = this.$('#board-speed');
    speedSelect.innerHTML = SPEEDS.map((s) => `<option value="${s}">${escapeHtml(this.t(`time_${s}`))}</option>`).join('');
    speedSelect.value = parsed.speed;
    this.$('#profile-title').textContent = this.t('leaderboardTitle', { perf: perfName(i18n, perf) });
    this.$('#board-table tbody').innerHTML = '';
    this.$('#board-empty').hidden = true;
    this.app.emit('leaderboard-open', { perf });
    if (!this.server) return;
    this.setStatus(this.t('profileLoading'));
    const token = ++this.loading;
    const answer = await fetchLeaderboard(this.server, perf);
    if (token !== this.loading) return;
    if (!answer.ok) {
      this.setStatus(this.t('profileFailed', { reason: this.app.i18n.roomRefusal(answer) }));
      this.app.emit('leaderboard-loaded', { perf, ok: false, code: answer.code });
      return;
    }
    this.setStatus('');
    const players = answer.players.filter((p) => p && typeof p.name === 'string');
    this.$('#board-table tbody').innerHTML = players
      .map((p, i) => {
        const rating = perfRatingText({ rating: p.rating, rd: p.rd, provisional: p.provisional });
        return `<tr><td class="num">${i + 1}</td><td>${this.profileLink(p.name)}</td><td class="num">${escapeHtml(rating)}</td><td class="num">${escapeHtml(String(p.games ?? ''))}</td></tr>`;
      })
      .join('');
    this.$('#board-table').hidden = players.length === 0;
    const empty = this.$('#board-empty');
    empty.hidden = players.length > 0;
    empty.textContent = this.t('leaderboardEmpty');
    this.app.emit('leaderboard-loaded', { perf, ok: true, players: players.length });
  }

  // A name as a link to its profile (its own address; a plain click opens
  // it here).
  profileLink(name) {
    const label = this.t('profileOpen', { name });
    return `<a href="${escapeHtml(profileAddress(this.base, name))}" data-profile-name="${escapeHtml(name)}" aria-label="${escapeHtml(label)}">${escapeHtml(name)}</a>`;
  }
}
