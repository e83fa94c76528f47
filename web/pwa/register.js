// Installable and offline when served over http(s): the web app manifest and
// the service worker (dist/sw.js, which caches the page under the build's
// content hash) are announced only there. Opened from disk (file://) the
// page uses neither and works as before. Both are beside index.html, so a
// page opened at a room's own address (/game/ROOMID) finds them at its base.

import { pageBase } from '../online/room_address.js';

export function offlineAvailable(win = globalThis) {
  return /^https?:$/.test(win.location.protocol) && 'serviceWorker' in win.navigator;
}

// onUpdate(): a newer build was installed beside the page being shown.
// onEvent(type, detail): for the test log.
export function registerOffline({ onUpdate = () => {}, onEvent = () => {} } = {}) {
  if (!offlineAvailable()) return false;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = new URL('manifest.webmanifest', pageBase()).href;
  document.head.appendChild(link);
  const hadController = !!navigator.serviceWorker.controller;
  // A newer worker activated while an older one served this page: the next
  // visit shows the new build.
  const watch = (worker) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'activated' && hadController) {
        onEvent('serviceworkerupdated', {});
        onUpdate();
      }
    });
  navigator.serviceWorker.register(new URL('sw.js', pageBase()).href).then(
    (registration) => {
      onEvent('serviceworker', { scope: registration.scope });
      watch(registration.installing || registration.waiting);
      registration.addEventListener('updatefound', () => watch(registration.installing));
    },
    (error) => {
      // No offline copy (a host that serves no sw.js, private mode): the page
      // itself is unaffected.
      console.warn('offline copy unavailable:', error.message || error);
      onEvent('serviceworkerfailed', { message: String(error.message || error) });
    },
  );
  return true;
}
