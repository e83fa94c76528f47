// An invite (or watch) link whose server does not answer yet (it is down,
// or the page was opened from disk while it is away): the page shows at
// once which room it is trying to reach, over the board, with how many
// times it tried, keeps trying (socket.io's reconnection, its delay growing
// to 2 s), joins the room as soon as the server answers and offers to play
// offline meanwhile, which gives the room up.

import { joinRoom } from './room_controller.js';
import { showRoomInUrl } from './room_storage.js';

const WAIT_SLICE_MS = 60_000;

export class RoomConnecting {
  // entry: the page's OnlineEntry; wanted: {roomId, watch, invite, client, server}.
  constructor(entry, wanted) {
    this.entry = entry;
    this.app = entry.app;
    this.wanted = wanted;
    this.client = wanted.client;
    this.attempt = 1;
    this.cancelled = false;
    this.el = null;
  }

  get t() {
    return (key, params) => this.app.i18n.t(key, params);
  }

  async start() {
    this.show();
    this.app.emit('online-connecting', { roomId: this.wanted.roomId });
    const manager = this.client.socket.io;
    const onAttempt = (n) => {
      this.attempt = n + 1;
      this.render();
    };
    manager.on('reconnect_attempt', onAttempt);
    this.app.signal.addEventListener('abort', () => this.stop());
    let ack = null;
    while (!this.cancelled) {
      if (!(await this.client.waitConnected(WAIT_SLICE_MS))) continue;
      if (this.cancelled) break;
      ack = await joinRoom(this.client, this.wanted.roomId, { watch: this.wanted.watch, invite: this.wanted.invite });
      // The connection went again before the answer: keep trying.
      if (ack.ok || (ack.code !== 'offline' && ack.code !== 'timeout')) break;
    }
    manager.off('reconnect_attempt', onAttempt);
    if (this.cancelled) return;
    this.finished = true; // the connection is the room's (or closed) from here
    this.hide();
    if (ack.ok) {
      this.entry.enterRoom(this.client, ack, { watch: this.wanted.watch });
      return;
    }
    this.client.close(); // no room to join: the page plays offline
    this.entry.client = null;
    this.app.toast(this.app.i18n.roomRefusal(ack));
    this.app.emit('online-failed', { code: ack.code });
  }

  // The player gives the room up and plays offline.
  playOffline() {
    this.stop();
    this.entry.client = null;
    showRoomInUrl(null);
    this.app.emit('online-offline', { roomId: this.wanted.roomId });
  }

  stop() {
    if (this.cancelled || this.finished) return;
    this.cancelled = true;
    this.client.close();
    this.hide();
  }

  show() {
    const wrap = this.app.root.querySelector('#board-wrap');
    const el = document.createElement('div');
    el.className = 'room-connecting';
    el.id = 'room-connecting';
    el.innerHTML = `<div class="room-connecting-card" role="status" aria-live="polite">
        <p class="room-connecting-title" id="room-connecting-title"></p>
        <p class="room-connecting-retry" id="room-connecting-retry"></p>
        <button type="button" id="room-play-offline"></button></div>`;
    wrap.appendChild(el);
    this.el = el;
    el.querySelector('#room-play-offline').addEventListener('click', () => this.playOffline());
    this.render();
  }

  render() {
    if (!this.el) return;
    this.el.querySelector('#room-connecting-title').textContent = this.t('onlineConnectingRoom', { id: this.wanted.roomId });
    const retry = this.el.querySelector('#room-connecting-retry');
    retry.textContent = this.attempt > 1 ? this.t('onlineConnectingRetry', { n: this.attempt }) : this.t('onlineConnecting');
    this.el.querySelector('#room-play-offline').textContent = this.t('onlinePlayOffline');
  }

  hide() {
    this.el?.remove();
    this.el = null;
  }
}
