// The help dialog: a short how-to-play for each game and for online play
// (each game's definition's `help`, and web/app/strings/help.js), opened by the toolbar's Help
// button, F1 or ?. One tab per topic, the game on the board shown first. A
// modal <dialog> (the page behind it is inert) whose Tab and Shift+Tab stay
// inside it; Escape or Close shuts it and the focus goes back where it was
// (to the "more" button when the Help button sat in the closed menu).

import { ONLINE_HELP } from './strings/help.js';

// The topics in tab order: the games (their definitions, web/games/), then
// online play; `label` is the string key of the tab's name, `pages` the page
// in each language.
export function helpTopics(games) {
  return [
    ...games.filter((g) => g.help).map((g) => ({ id: g.id, label: g.label, pages: g.help })),
    { id: 'online', label: 'online', pages: ONLINE_HELP },
  ];
}

const OTHER_LANGUAGE = { zh: 'en', en: 'zh' };

function element(tag, props = {}) {
  return Object.assign(document.createElement(tag), props);
}

// One line of a page: ‹text› is in the other language, `key` a key.
function inline(parent, text, language) {
  for (const part of text.split(/(‹[^›]*›|`[^`]*`)/)) {
    if (!part) continue;
    if (part.startsWith('‹')) {
      const span = element('span', { textContent: part.slice(1, -1) });
      span.lang = OTHER_LANGUAGE[language] ?? 'en';
      parent.append(span);
    } else if (part.startsWith('`')) {
      parent.append(element('kbd', { textContent: part.slice(1, -1) }));
    } else {
      parent.append(part);
    }
  }
  return parent;
}

// A page's lines as headings, paragraphs and lists (strings/help.js says how).
export function renderHelpPage(lines, language) {
  const nodes = [];
  let list = null;
  for (const line of lines) {
    if (line.startsWith('- ')) {
      if (!list) nodes.push((list = element('ul')));
      list.append(inline(element('li'), line.slice(2), language));
      continue;
    }
    list = null;
    if (line.startsWith('# ')) nodes.push(inline(element('h3'), line.slice(2), language));
    else nodes.push(inline(element('p'), line, language));
  }
  return nodes;
}

// Rendered (checkVisibility where the browser has it).
function shown(el) {
  return el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0;
}

// Keys typed into a field stay there (a ? in the chat is a question mark).
function typing(target) {
  return !!target?.closest?.('input, textarea, select, [contenteditable]:not([contenteditable="false"])');
}

export class HelpDialog {
  // root: the page's #app; app: the game controller (its i18n, id, signal).
  constructor(root, app) {
    this.root = root;
    this.app = app;
    this.topic = app.id;
    this.returnFocus = null;
    // One dialog for the page: a controller after a game switch takes it over.
    this.dialog = root.querySelector('#help-dialog') || this.build();
    this.tabs = this.dialog.querySelector('.help-tabs');
    this.panel = this.dialog.querySelector('.help-body');
    const listen = { signal: app.signal };
    document.addEventListener('keydown', (e) => this.onPageKey(e), listen);
    this.dialog.addEventListener('keydown', (e) => this.onDialogKey(e), listen);
    this.tabs.addEventListener(
      'click',
      (e) => {
        const tab = e.target.closest('[role="tab"]');
        if (tab) this.select(tab.dataset.topic);
      },
      listen,
    );
    this.dialog.addEventListener('close', () => this.onClose(), listen);
  }

  build() {
    const dialog = element('dialog', { id: 'help-dialog' });
    dialog.setAttribute('aria-labelledby', 'help-title');
    dialog.innerHTML = `
      <h2 id="help-title"></h2>
      <div class="help-tabs" role="tablist"></div>
      <div class="help-body" id="help-panel" role="tabpanel" tabindex="0"></div>
      <form method="dialog"><menu><button value="close" class="primary" id="help-close"></button></menu></form>`;
    this.root.appendChild(dialog);
    return dialog;
  }

  get i18n() {
    return this.app.i18n;
  }

  // The topics of this page: its games (the shell's) and online play, each
  // that has a page (a game without one has no tab).
  topics() {
    return helpTopics(this.app.games);
  }

  // F1 anywhere, ? outside a text field: the help opens (over another dialog too).
  onPageKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const wanted = (e.key === 'F1' && !e.shiftKey) || (e.key === '?' && !typing(e.target));
    if (!wanted) return;
    e.preventDefault();
    if (!this.dialog.open) this.open({ by: e.key });
  }

  open({ topic = this.app.id, by = 'button' } = {}) {
    if (this.dialog.open) return;
    const active = document.activeElement;
    this.returnFocus = active && active !== document.body ? active : null;
    this.dialog.querySelector('#help-title').textContent = this.i18n.t('helpTitle');
    this.dialog.querySelector('#help-close').textContent = this.i18n.t('close');
    this.tabs.setAttribute('aria-label', this.i18n.t('helpTabs'));
    this.tabs.replaceChildren(
      ...this.topics().map((t) => {
        const tab = element('button', { type: 'button', id: `help-tab-${t.id}`, textContent: this.i18n.t(t.label) });
        tab.setAttribute('role', 'tab');
        tab.setAttribute('aria-controls', 'help-panel');
        tab.dataset.topic = t.id;
        return tab;
      }),
    );
    this.select(this.topics().some((t) => t.id === topic) ? topic : 'online', { focus: false });
    this.dialog.showModal();
    this.tabs.querySelector('[aria-selected="true"]').focus();
    this.app.emit('help', { open: true, topic: this.topic, by });
  }

  // Shows a topic's page: its tab selected (the one in the Tab order), the
  // page from its top.
  select(topic, { focus = true } = {}) {
    this.topic = topic;
    const language = this.i18n.language;
    for (const tab of this.tabs.querySelectorAll('[role="tab"]')) {
      const selected = tab.dataset.topic === topic;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      if (selected && focus) tab.focus();
    }
    this.panel.setAttribute('aria-labelledby', `help-tab-${topic}`);
    this.panel.dataset.topic = topic;
    this.panel.replaceChildren(
      ...renderHelpPage(
        this.topics().find((t) => t.id === topic).pages[language] ?? this.topics().find((t) => t.id === topic).pages.en,
        language,
      ),
    );
    this.panel.scrollTop = 0;
    if (this.dialog.open) this.app.emit('help', { open: true, topic, by: 'tab' });
  }

  // The tabs' arrow keys (the ARIA tab pattern), and Tab kept in the dialog.
  onDialogKey(e) {
    if (e.key === 'Tab') {
      const items = [...this.dialog.querySelectorAll('button, [tabindex]')].filter(
        (el) => el.tabIndex >= 0 && !el.disabled && shown(el),
      );
      const first = items[0];
      const last = items.at(-1);
      if (e.shiftKey && (document.activeElement === first || document.activeElement === this.dialog)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
      return;
    }
    if (!e.target.closest?.('[role="tab"]')) return;
    const ids = this.topics().map((t) => t.id);
    const at = ids.indexOf(this.topic);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: ids.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    this.select(ids[(next + ids.length) % ids.length]);
  }

  onClose() {
    let target = this.returnFocus;
    this.returnFocus = null;
    // The Help button of the closed "more" menu cannot take the focus: its
    // toggle does.
    if (target?.closest?.('#more-menu') && !shown(target)) target = this.root.querySelector('#more-toggle');
    if (target?.isConnected) target.focus();
    this.app.emit('help', { open: false, topic: this.topic });
  }
}
