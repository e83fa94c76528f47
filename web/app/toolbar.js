// The toolbar's buttons and its overflow menu. Every [data-action] button of
// the page whose action is listed runs it; on a phone the less-used actions
// sit in the "more" menu (the style sheet decides when), which closes after
// an action, on Escape and on a click elsewhere.

export class Toolbar {
  // `signal` ends the listeners (the controller's lifetime).
  constructor(root, actions, signal) {
    this.toggle = root.querySelector('#more-toggle');
    this.menu = root.querySelector('#more-menu');
    root.addEventListener(
      'click',
      (e) => {
        if (e.target.closest('#more-toggle')) {
          this.setOpen(!this.open);
          return;
        }
        const button = e.target.closest('[data-action]');
        if (button && actions[button.dataset.action]) {
          e.preventDefault();
          this.setOpen(false);
          actions[button.dataset.action]();
        } else if (this.open && !e.target.closest('#more-menu')) {
          this.setOpen(false);
        }
      },
      { signal },
    );
    document.addEventListener(
      'keydown',
      (e) => {
        if (e.key === 'Escape' && this.open) {
          this.setOpen(false);
          this.toggle.focus();
        }
      },
      { signal },
    );
  }

  get open() {
    return this.menu.classList.contains('open');
  }

  setOpen(open) {
    this.menu.classList.toggle('open', open);
    this.toggle.setAttribute('aria-expanded', String(open));
  }
}
